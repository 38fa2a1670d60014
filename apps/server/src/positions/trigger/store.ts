import { type MarginBracket, parseUnits } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../../db/db.ts';

/** An open position as its triggers read it: what its TP, SL and liquidation price come from. */
export interface WatchedPosition {
  id: string;
  realm: Realm;
  symbol: string;
  side: 'long' | 'short';
  lots: string;
  entry: string;
  margin: string;
  leverage: number;
  /** The close-out floor (decision 0150): its liquidation price is the floor's when that is stricter. */
  closeOut: string;
  tp: string | null;
  sl: string | null;
  status: 'open' | 'closed';
}

/** The engines' position row (snake_case, as `positions` reads) as the triggers watch it. */
export function watchedOf(row: {
  id: string;
  realm: Realm;
  symbol: string;
  side: 'long' | 'short';
  lots: string;
  entry_price: string;
  margin: string;
  leverage: number;
  close_out: string;
  tp: string | null;
  sl: string | null;
  status: 'open' | 'closed';
}): WatchedPosition {
  return {
    id: row.id,
    realm: row.realm,
    symbol: row.symbol,
    side: row.side,
    lots: row.lots,
    entry: row.entry_price,
    margin: row.margin,
    leverage: row.leverage,
    closeOut: row.close_out,
    tp: row.tp,
    sl: row.sl,
    status: row.status,
  };
}

const COLUMNS = `id::text AS id, realm, symbol, side, lots::text AS lots, entry_price::text AS entry,
  margin::text AS margin, leverage, close_out::text AS "closeOut", tp::text AS tp, sl::text AS sl, status`;

/** Every open position (at start), or the ones named (after a change made outside the engine: funding). */
export async function openPositions(q: Queryable, ids?: readonly string[]): Promise<WatchedPosition[]> {
  if (ids) {
    if (ids.length === 0) return [];
    return q.query<WatchedPosition>(`SELECT ${COLUMNS} FROM positions WHERE id = ANY($1::bigint[])`, [ids]);
  }
  return q.query<WatchedPosition>(`SELECT ${COLUMNS} FROM positions WHERE status = 'open' ORDER BY id`);
}

/** The stored form of a bracket (position_rules.brackets): decimal strings, the last one unbounded. */
interface StoredBracket {
  notionalUpTo: string | null;
  rate: string;
}

/** Each instrument's maintenance-margin brackets, from position_rules. */
export async function marginBrackets(q: Queryable, symbol?: string): Promise<Map<string, MarginBracket[]>> {
  const rows = await q.query<{ symbol: string; brackets: StoredBracket[] | string }>(
    'SELECT symbol, brackets FROM position_rules WHERE $1::text IS NULL OR symbol = $1',
    [symbol ?? null],
  );
  return new Map(rows.map((r) => [r.symbol, parseBrackets(r.brackets)]));
}

export function parseBrackets(stored: StoredBracket[] | string): MarginBracket[] {
  const list = (typeof stored === 'string' ? JSON.parse(stored) : stored) as StoredBracket[];
  return list.map((b) => ({
    notionalUpTo: b.notionalUpTo === null ? null : parseUnits(b.notionalUpTo),
    rate: parseUnits(b.rate),
  }));
}
