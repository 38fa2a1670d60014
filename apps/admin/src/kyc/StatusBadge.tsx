import type { KycApplicationRow } from '@otc/protocol/kyc/schemas';
import { kycTexts } from './texts.ts';

/** The badge classes the back office already has: pending, approved, rejected. */
const BADGE = { reviewing: 'pending', verified: 'approved', rejected: 'rejected' } as const;

export function StatusBadge({ status }: { status: KycApplicationRow['status'] }) {
  return (
    <span className={`badge badge-${BADGE[status]}`} data-testid="kyc-status-badge">
      {kycTexts.kyc.statuses[status] ?? status}
    </span>
  );
}
