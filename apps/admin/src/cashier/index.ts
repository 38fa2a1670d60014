import type { AdminArea } from '../app/area.ts';
import { BankAccountPage } from './bank/BankAccountPage.tsx';
import { BankDepositPage } from './bank/BankDepositPage.tsx';
import { BankDepositsPage } from './bank/BankDepositsPage.tsx';
import { ChainStatusPage } from './chain/ChainStatusPage.tsx';
import { DepositsPage } from './deposit/DepositsPage.tsx';
import { cashierTexts } from './texts.ts';
import { WithdrawalPage } from './withdrawal/WithdrawalPage.tsx';
import { WithdrawalsPage } from './withdrawal/WithdrawalsPage.tsx';

/** Money in and out: chain and bank deposits, withdrawals, the hot wallet and chains. */
export const cashierArea: AdminArea = {
  routes: [
    { path: 'deposits', Component: DepositsPage },
    { path: 'bank-deposits', Component: BankDepositsPage },
    { path: 'bank-deposits/account', Component: BankAccountPage },
    { path: 'bank-deposits/:id', Component: BankDepositPage },
    { path: 'withdrawals', Component: WithdrawalsPage },
    { path: 'withdrawals/:id', Component: WithdrawalPage },
    { path: 'chains', Component: ChainStatusPage },
  ],
  nav: [
    { to: '/deposits', label: cashierTexts.deposits.nav },
    { to: '/bank-deposits', label: cashierTexts.bank.nav },
    { to: '/withdrawals', label: cashierTexts.withdrawals.nav },
    { to: '/chains', label: cashierTexts.chains.nav },
  ],
};
