import type { AdminArea } from '../app/area.ts';
import { AdjustmentsPage } from './AdjustmentsPage.tsx';
import { LedgerCheckPage } from './LedgerCheckPage.tsx';
import { TreasuryExposurePage } from './TreasuryExposurePage.tsx';
import { ledgerTexts } from './texts.ts';
import { UserLedgerPage } from './UserLedgerPage.tsx';

/** The ledger: a user's ledger, adjustments, the ledger check, the treasury's exposure. */
export const ledgerArea: AdminArea = {
  routes: [
    { path: 'users/:id/ledger', Component: UserLedgerPage },
    { path: 'adjustments', Component: AdjustmentsPage },
    { path: 'ledger', Component: LedgerCheckPage },
    { path: 'treasury', Component: TreasuryExposurePage },
  ],
  nav: [
    { to: '/adjustments', label: ledgerTexts.adjustments.nav },
    { to: '/ledger', label: ledgerTexts.ledgerCheck.nav },
    { to: '/treasury', label: ledgerTexts.treasury.nav },
  ],
};
