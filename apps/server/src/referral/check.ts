import type { Queryable } from '../db/db.ts';

/**
 * Referral's part of the ledger check: every stored rebate is core's rule applied to its own row
 * (fee total x ratio, rounded down to 8 places, above 0), and every posted one was posted as a
 * referral rebate. A row not yet posted is no fault: the next run posts it.
 */
export async function checkReferral(q: Queryable): Promise<string[]> {
  const wrong = await q.query<{ id: string }>(
    `SELECT id::text AS id FROM referral_rebates WHERE rebate <> trunc(fee_total * ratio, 8) OR rebate <= 0`,
  );
  const unposted = await q.query<{ id: string }>(
    `SELECT r.id::text AS id FROM referral_rebates r LEFT JOIN journal_heads j ON j.id = r.journal_id
     WHERE r.journal_id IS NOT NULL AND (j.id IS NULL OR j.kind <> 'referral_rebate')`,
  );
  return [
    ...wrong.map((r) => `referral rebate ${r.id}: its amount is not its fee total x ratio rounded down`),
    ...unposted.map((r) => `referral rebate ${r.id} was not posted as a referral rebate`),
  ];
}
