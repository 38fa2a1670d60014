import { formatUnits, lossShare, parseUnits } from '@otc/core';
import { POSITIONS_LOSS_SHARE_DAYS } from '@otc/protocol/positions/constants';
import type { PositionDetail } from '@otc/protocol/positions/schemas';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';

type Product = 'perp' | 'cfd';
const DAY_MS = 86_400_000;
/** The share moves slowly: read again at most once a minute per product, not on every detail. */
const TTL_MS = 60_000;

/**
 * Each live account's net result on a product over its positions closed since `since`: the PnL
 * realised less the fees (opening, closing, liquidation), the stamp duty and the funding paid
 * (funding is signed: + paid, - received). What the account's money did, not the prices.
 */
export async function netResultsSince(q: Queryable, product: Product, since: Date): Promise<string[]> {
  const rows = await q.query<{ net: string }>(
    `SELECT sum(realised_pnl - fees - stamp_duty - funding)::text AS net FROM positions
     WHERE status = 'closed' AND realm = 'live' AND product = $1 AND closed_at >= $2::timestamptz
     GROUP BY user_id`,
    [product, since.toISOString()],
  );
  return rows.map((r) => r.net);
}

/**
 * The risk warning's measured share per product (perpetuals and CFDs apart: a CFD trader is told
 * the CFD figure), from the platform's own positions over the last 12 months, once enough accounts
 * closed one (`POSITIONS_LOSS_SHARE_MIN_ACCOUNTS`).
 */
export class LossShares {
  private readonly cached = new Map<Product, { at: number; value: PositionDetail['lossShare'] }>();
  constructor(private readonly ctx: AppContext) {}

  async of(product: Product): Promise<PositionDetail['lossShare']> {
    const at = Date.now();
    const hit = this.cached.get(product);
    if (hit && at - hit.at < TTL_MS) return hit.value;
    const since = new Date(this.ctx.clock.now() - POSITIONS_LOSS_SHARE_DAYS * DAY_MS);
    const nets = (await netResultsSince(this.ctx.db, product, since)).map(parseUnits);
    const s = lossShare(nets, this.ctx.config.positionsLossShareMinAccounts);
    const value = s && { share: formatUnits(s.share), accounts: s.accounts, days: POSITIONS_LOSS_SHARE_DAYS };
    this.cached.set(product, { at, value });
    return value;
  }
}
