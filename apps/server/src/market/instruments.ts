import { canonicalDecimal } from '@otc/core';
import type { Instrument } from '@otc/protocol/market/schemas';
import type { Queryable } from '../db/db.ts';

/** An instrument as the market keeps it: the protocol's fields without the live status. */
export type InstrumentSpec = Omit<Instrument, 'status' | 'statusReason'> & {
  indexSymbol: string | null;
  adminHalted: boolean;
  startPrice: string;
};

interface Row {
  symbol: string;
  name: string;
  kind: Instrument['kind'];
  class: Instrument['class'];
  base: string;
  quote: string;
  index_symbol: string | null;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  max_leverage: number;
  maker_fee: string;
  taker_fee: string;
  stamp_duty: string;
  session: Instrument['session'];
  admin_halted: boolean;
  start_price: string;
}

export async function loadInstruments(q: Queryable): Promise<InstrumentSpec[]> {
  const rows = await q.query<Row>(
    `SELECT symbol, name, kind, class, base, quote, index_symbol, tick_size::text, lot_size::text, min_notional::text,
            max_leverage, maker_fee::text, taker_fee::text, stamp_duty::text, session, admin_halted, start_price::text
     FROM instruments ORDER BY sort, symbol`,
  );
  return rows.map((r) => ({
    symbol: r.symbol,
    name: r.name,
    kind: r.kind,
    class: r.class,
    base: r.base,
    quote: r.quote,
    indexSymbol: r.index_symbol,
    tickSize: canonicalDecimal(r.tick_size),
    lotSize: canonicalDecimal(r.lot_size),
    minNotional: canonicalDecimal(r.min_notional),
    maxLeverage: r.max_leverage,
    makerFee: canonicalDecimal(r.maker_fee),
    takerFee: canonicalDecimal(r.taker_fee),
    stampDuty: canonicalDecimal(r.stamp_duty),
    session: r.session,
    adminHalted: r.admin_halted,
    startPrice: canonicalDecimal(r.start_price),
  }));
}
