import { formatUnits, parseUnits, refundLegs } from '@otc/core';
import type { Db } from '../db/db.ts';
import { notify } from '../notifications/index.ts';
import { postBatch } from '../postings/index.ts';

/**
 * Issue 23's positions: opened while their quote currency (JPY, CHF, CAD, GBP) was valued as USDT,
 * so their margin, fees and every later figure were wrong (155 times too large for USD/JPY, 0.79
 * times for EUR/GBP) and cannot be re-valued fairly (the rate at their fill is not known). Migration
 * 031 marks those open when it ran; the engines' owner settles them here before it loads its
 * books: each is closed at its entry price with no PnL, its margin unfrozen and the fees and stamp
 * duty charged on it returned from the fees account, and its owner is told. A PnL already realised
 * by a partial close stays. Returns how many were settled (none after the first run).
 */
export async function settleMisvalued(db: Db, at: Date): Promise<number> {
  return db.tx(async (q) => {
    const rows = await q.query<{
      id: string;
      user_id: string;
      realm: 'live' | 'demo';
      symbol: string;
      side: string;
      lots: string;
      entry_price: string;
      margin: string;
      fees: string;
      stamp_duty: string;
    }>(
      `SELECT id::text AS id, user_id::text AS user_id, realm, symbol, side, lots::text AS lots,
              entry_price::text AS entry_price, margin::text AS margin, fees::text AS fees, stamp_duty::text AS stamp_duty
         FROM positions WHERE misvalued AND status = 'open' ORDER BY id FOR UPDATE`,
    );
    if (rows.length === 0) return 0;
    await postBatch(
      q,
      rows.map((p) => ({
        realm: p.realm,
        kind: 'position.close' as const,
        reference: `revalued:${p.id}`,
        subject: p.symbol,
        legs: refundLegs(p.user_id, {
          margin: parseUnits(p.margin),
          fees: parseUnits(p.fees) + parseUnits(p.stamp_duty),
        }),
      })),
      'all',
    );
    await q.query(
      `UPDATE positions SET status = 'closed', close_reason = 'revalued', close_price = entry_price, lots = 0,
              margin = 0, fees = 0, stamp_duty = 0, misvalued = false, closed_at = $2, updated_at = $2
        WHERE id = ANY($1::bigint[])`,
      [rows.map((p) => p.id), at],
    );
    for (const p of rows)
      await notify(q, p.user_id, {
        kind: 'position.revalued',
        params: {
          symbol: p.symbol,
          side: p.side,
          lots: formatUnits(parseUnits(p.lots)),
          price: formatUnits(parseUnits(p.entry_price)),
          returned: formatUnits(parseUnits(p.margin) + parseUnits(p.fees) + parseUnits(p.stamp_duty)),
        },
        link: '/pages/futures/Holding',
      });
    return rows.length;
  });
}
