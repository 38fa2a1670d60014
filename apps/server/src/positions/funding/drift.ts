import {
  closeOutcome,
  formatUnits,
  liquidationOutcome,
  type PositionRules,
  parseUnits,
  type Units,
} from '@otc/core';
import type { Queryable } from '../../db/db.ts';
import type { PositionRow } from '../rows.ts';
import type { PositionFill } from '../state.ts';

/**
 * Funding charged since the engine read its positions: the funding job commits beside the engines,
 * which take the new margins in only afterwards, so a batch may have decided a close on a margin a
 * charge has moved since. In the batch's transaction, before anything is written: locks the
 * positions the batch changes (in id order, as funding does, so no charge commits from here on),
 * and where a charge moved one, re-decides the batch's closes of it on the margin it holds now.
 * What a close releases is then what is frozen, and the row keeps the database's margin and funding.
 */
export async function takeFundingIn(
  q: Queryable,
  fills: PositionFill[],
  rules: PositionRules,
): Promise<void> {
  const rows = new Map<string, PositionRow>();
  for (const f of fills) {
    if (f.kind === 'reject') continue;
    for (const r of f.kind === 'reverse' ? [f.position, f.opened] : [f.position])
      if (r.id !== '') rows.set(r.id, r);
  }
  if (rows.size === 0) return;
  const stored = await q.query<{ id: string; funding: string }>(
    'SELECT id::text AS id, funding::text AS funding FROM positions WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
    [[...rows.keys()]],
  );
  // How far each copy's margin is ahead of the database's: the funding charged since it was read.
  const drift = new Map<string, Units>();
  for (const s of stored) {
    const row = rows.get(s.id) as PositionRow;
    const d = parseUnits(s.funding) - parseUnits(row.funding);
    if (d === 0n) continue;
    drift.set(s.id, d);
    row.funding = s.funding;
  }
  if (drift.size === 0) return;
  for (const f of fills) {
    if (f.kind !== 'close' && f.kind !== 'reverse' && f.kind !== 'liquidate') continue;
    const d = drift.get(f.position.id);
    if (d === undefined) continue;
    const before = { ...f.before, margin: f.before.margin - d };
    const row = f.position;
    if (f.kind === 'liquidate') {
      const outcome = liquidationOutcome(before, { mark: f.price, rules }, f.conv);
      amend(row, f.outcome, outcome);
      Object.assign(f, { outcome, before });
      drift.set(row.id, 0n);
      continue;
    }
    const lots = f.kind === 'reverse' ? f.before.lots : parseUnits(f.order.lots);
    const outcome = closeOutcome(before, { lots, price: f.price, feeRate: rules.takerFee }, f.conv);
    amend(row, f.outcome, outcome);
    // A later fill of the batch read the copy this one left: ahead by the drift, less what this one now releases less.
    drift.set(row.id, d - f.outcome.marginReleased + outcome.marginReleased);
    Object.assign(f, { outcome, before });
  }
  for (const [id, d] of drift) {
    const row = rows.get(id) as PositionRow;
    if (row.status === 'open') row.margin = formatUnits(parseUnits(row.margin) - d);
  }
}

/** A fill re-decided: the row's realised result and fees take the new outcome's place of the old's. */
function amend(
  row: PositionRow,
  was: { realisedPnl: Units; fee: Units },
  now: { realisedPnl: Units; fee: Units },
): void {
  row.realised_pnl = formatUnits(parseUnits(row.realised_pnl) + now.realisedPnl - was.realisedPnl);
  row.fees = formatUnits(parseUnits(row.fees) + now.fee - was.fee);
}
