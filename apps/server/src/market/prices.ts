import { parseUnits, type Units } from '@otc/core';
import type { Queryable } from '../db/db.ts';

export interface IndexPrice {
  asset: string;
  price: Units;
  source: string;
  updatedAt: Date;
}

/** The index price of every asset in USDT (the market-data feed keeps the table current). */
export async function indexPrices(q: Queryable): Promise<Map<string, IndexPrice>> {
  const rows = await q.query<{ asset: string; price: string; source: string; updated_at: Date }>(
    'SELECT asset, price::text AS price, source, updated_at FROM index_prices',
  );
  return new Map(
    rows.map((r) => [
      r.asset,
      { asset: r.asset, price: parseUnits(r.price), source: r.source, updatedAt: new Date(r.updated_at) },
    ]),
  );
}
