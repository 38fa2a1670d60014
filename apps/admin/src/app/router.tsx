import { createHashRouter, Navigate } from 'react-router';
import { PasswordPage } from '../account/PasswordPage.tsx';
import { AuditPage } from '../audit/AuditPage.tsx';
import { LoginPage } from '../auth/LoginPage.tsx';
import { BankAccountPage } from '../funding/BankAccountPage.tsx';
import { BankDepositPage } from '../funding/BankDepositPage.tsx';
import { BankDepositsPage } from '../funding/BankDepositsPage.tsx';
import { ChainStatusPage } from '../funding/ChainStatusPage.tsx';
import { DepositsPage } from '../funding/DepositsPage.tsx';
import { WithdrawalPage } from '../funding/WithdrawalPage.tsx';
import { WithdrawalsPage } from '../funding/WithdrawalsPage.tsx';
import { JobsPage } from '../jobs/JobsPage.tsx';
import { KycApplicationPage } from '../kyc/KycApplicationPage.tsx';
import { KycPage } from '../kyc/KycPage.tsx';
import { AdjustmentsPage } from '../ledger/AdjustmentsPage.tsx';
import { LedgerCheckPage } from '../ledger/LedgerCheckPage.tsx';
import { UserLedgerPage } from '../ledger/UserLedgerPage.tsx';
import { InstrumentsPage } from '../market/InstrumentsPage.tsx';
import { OperatorsPage } from '../operators/OperatorsPage.tsx';
import { OutboxPage } from '../outbox/OutboxPage.tsx';
import { PositionRulesPage } from '../positions/PositionRulesPage.tsx';
import { PositionsPage } from '../positions/PositionsPage.tsx';
import { SecondsPage } from '../seconds/SecondsPage.tsx';
import { UsersPage } from '../users/UsersPage.tsx';
import { VipLevelsPage } from '../vip/VipLevelsPage.tsx';
import { Layout } from './Layout.tsx';
import { RequireAuth } from './RequireAuth.tsx';

export const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Layout />,
        children: [
          { index: true, element: <Navigate to="/users" replace /> },
          { path: 'users', element: <UsersPage /> },
          { path: 'users/:id/ledger', element: <UserLedgerPage /> },
          { path: 'kyc', element: <KycPage /> },
          { path: 'kyc/:id', element: <KycApplicationPage /> },
          { path: 'deposits', element: <DepositsPage /> },
          { path: 'bank-deposits', element: <BankDepositsPage /> },
          { path: 'bank-deposits/account', element: <BankAccountPage /> },
          { path: 'bank-deposits/:id', element: <BankDepositPage /> },
          { path: 'withdrawals', element: <WithdrawalsPage /> },
          { path: 'withdrawals/:id', element: <WithdrawalPage /> },
          { path: 'chains', element: <ChainStatusPage /> },
          { path: 'adjustments', element: <AdjustmentsPage /> },
          { path: 'ledger', element: <LedgerCheckPage /> },
          { path: 'instruments', element: <InstrumentsPage /> },
          { path: 'vip', element: <VipLevelsPage /> },
          { path: 'positions', element: <PositionsPage /> },
          { path: 'position-rules', element: <PositionRulesPage /> },
          { path: 'seconds', element: <SecondsPage /> },
          { path: 'outbox', element: <OutboxPage /> },
          { path: 'jobs', element: <JobsPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'operators', element: <OperatorsPage /> },
          { path: 'account/password', element: <PasswordPage /> },
          { path: '*', element: <Navigate to="/users" replace /> },
        ],
      },
    ],
  },
]);
