import {
  canonicalDecimal,
  formatUnits,
  type MarginBracket,
  notionalOf,
  PAR,
  type PositionRules,
  parseUnits,
  type QuoteConversion,
  type Units,
} from '@otc/core';
import type { Queryable } from '../db/db.ts';
import type { InstrumentSpec } from '../market/index.ts';
import { conversionOf } from './quote.ts';

/**
 * Each perpetual's and CFD's position rules (`position_rules`): the disclosed spread, the minimum
 * lots, the maintenance brackets, the liquidation fee and its cap, funding, and the dealer's
 * exposure cap. Seeded from the instruments on every start (only what is missing: an operator's
 * edits stay); the engine joins them with the instrument's own fields into core's `PositionRules`.
 */

/** A rules row, as the engines and the detail call read it. */
export interface PositionRulesRow {
  symbol: string;
  spread: string;
  minLots: string;
  brackets: { notionalUpTo: string | null; rate: string }[];
  liquidationFeeRate: string;
  liquidationFeeCap: string;
  fundingIntervalHours: number;
  fundingClamp: string;
  exposureCap: string;
}

/** An instrument's full rules: core's for the math, and the rest the engine enforces. */
export interface InstrumentRules {
  instrument: InstrumentSpec;
  core: PositionRules;
  row: PositionRulesRow;
  exposureCap: Units;
}

/** The disclosed dealer spread per class (perpetuals: 0.02%). */
const SPREAD: Record<string, string> = {
  forex: '0.0001',
  metal: '0.0003',
  stock: '0.0005',
  commodity: '0.0005',
  crypto: '0.0005',
};
const PERP_SPREAD = '0.0002';

type Brackets = [string | null, string][];
/** BTC and ETH perpetuals: the deepest brackets (their cap is 100x, 1% initial margin). */
const MAJOR_PERP: Brackets = [
  ['50000', '0.004'],
  ['250000', '0.005'],
  ['1000000', '0.01'],
  [null, '0.025'],
];
const OTHER_PERP: Brackets = [
  ['25000', '0.005'],
  ['100000', '0.01'],
  ['500000', '0.025'],
  [null, '0.05'],
];
/** CFDs: forex and metals (caps 100x and 50x) start at 0.5%, the rest (caps 5x to 20x) at 1%. */
const FX_METAL: Brackets = [
  ['100000', '0.005'],
  ['1000000', '0.01'],
  [null, '0.02'],
];
const OTHER_CFD: Brackets = [
  ['50000', '0.01'],
  ['250000', '0.02'],
  [null, '0.05'],
];
/** The dealer's net exposure per instrument and realm, as a notional at the start price (USDT). */
const EXPOSURE_NOTIONAL = 5_000_000n;

/** What the defaults read of an instrument. */
interface Seeded {
  symbol: string;
  kind: string;
  class: string;
  base: string;
  quote: string;
  lotSize: string;
  startPrice: string;
}

function defaults(i: Seeded, startPrices: Map<string, string>): Omit<PositionRulesRow, 'symbol'> {
  const perp = i.kind === 'perp';
  const major = perp && (i.base === 'BTC' || i.base === 'ETH');
  const brackets = perp
    ? major
      ? MAJOR_PERP
      : OTHER_PERP
    : i.class === 'forex' || i.class === 'metal'
      ? FX_METAL
      : OTHER_CFD;
  return {
    spread: perp ? PERP_SPREAD : (SPREAD[i.class] ?? '0.0005'),
    minLots: i.lotSize,
    brackets: brackets.map(([upTo, rate]) => ({ notionalUpTo: upTo, rate })),
    liquidationFeeRate: '0.005',
    liquidationFeeCap: '50',
    fundingIntervalHours: 8,
    fundingClamp: '0.0075',
    exposureCap: exposureCapOf(i, conversionOf(i, (s) => startPrices.get(s)) ?? PAR),
  };
}

/**
 * Lots worth EXPOSURE_NOTIONAL USDT at the start price, one lot's notional converted from the quote
 * currency at `conversion`, on the lot step, at least one lot.
 */
function exposureCapOf(i: Seeded, conversion: QuoteConversion): string {
  const lot = parseUnits(i.lotSize);
  const oneLot = notionalOf(lot, parseUnits(i.startPrice), conversion);
  const lots = oneLot > 0n ? ((EXPOSURE_NOTIONAL * 10n ** 18n) / oneLot) * lot : lot;
  return formatUnits(lots > 0n ? lots : lot);
}

const SEEDED_COLUMNS = `symbol, kind, class, base, quote, lot_size::text AS "lotSize",
  start_price::text AS "startPrice"`;

/**
 * Inserts the default rules of every perpetual and CFD that has none (every start; edits stay), and
 * mends the exposure caps seeded before quotes were converted (issue 23).
 */
export async function seedPositionRules(q: Queryable): Promise<void> {
  // The market's seed wrote the catalogue just before (its area comes first in the list).
  const rows = await q.query<Seeded>(
    `SELECT ${SEEDED_COLUMNS} FROM instrument_catalogue i WHERE kind IN ('perp', 'cfd')
       AND NOT EXISTS (SELECT 1 FROM position_rules r WHERE r.symbol = i.symbol)`,
  );
  const prices = await q.query<{ symbol: string; price: string }>(
    'SELECT symbol, start_price::text AS price FROM instrument_catalogue',
  );
  const startPrices = new Map(prices.map((p) => [p.symbol, p.price]));
  await mendUnconvertedCaps(q, startPrices);
  if (rows.length === 0) return;
  const all = rows.map((i) => ({ symbol: i.symbol, ...defaults(i, startPrices) }));
  await q.query(
    `INSERT INTO position_rules (symbol, spread, min_lots, brackets, liquidation_fee_rate, liquidation_fee_cap,
       funding_interval_hours, funding_clamp, exposure_cap)
     SELECT * FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::jsonb[], $5::numeric[], $6::numeric[],
       $7::int[], $8::numeric[], $9::numeric[])
     ON CONFLICT (symbol) DO NOTHING`,
    [
      all.map((r) => r.symbol),
      all.map((r) => r.spread),
      all.map((r) => r.minLots),
      all.map((r) => JSON.stringify(r.brackets)),
      all.map((r) => r.liquidationFeeRate),
      all.map((r) => r.liquidationFeeCap),
      all.map((r) => r.fundingIntervalHours),
      all.map((r) => r.fundingClamp),
      all.map((r) => r.exposureCap),
    ],
  );
}

/**
 * Before issue 23 the default cap took one lot's notional in its quote currency for USDT, so a
 * USD/JPY install got 5,000,000 / 155 ≈ 32,000 units where 5,000,000 was meant (155 times too few),
 * and every non-USD quote likewise. A cap still equal to that old default was never edited by an
 * operator (an edit that lands on it exactly is not told apart, and is as wrong): it takes the
 * converted default. Caps an operator set stay.
 */
async function mendUnconvertedCaps(q: Queryable, startPrices: Map<string, string>): Promise<void> {
  const seeded = await q.query<Seeded & { cap: string }>(
    `SELECT ${SEEDED_COLUMNS}, r.exposure_cap::text AS cap
     FROM instrument_catalogue i JOIN position_rules r USING (symbol) WHERE i.kind IN ('perp', 'cfd')`,
  );
  for (const i of seeded) {
    const conversion = conversionOf(i, (s) => startPrices.get(s));
    if (!conversion || conversion.kind === 'par') continue;
    const old = exposureCapOf(i, PAR);
    const now = exposureCapOf(i, conversion);
    if (parseUnits(i.cap) === parseUnits(old) && old !== now)
      await q.query('UPDATE position_rules SET exposure_cap = $2 WHERE symbol = $1 AND exposure_cap = $3', [
        i.symbol,
        now,
        old,
      ]);
  }
}

export async function loadPositionRules(q: Queryable): Promise<Map<string, PositionRulesRow>> {
  const rows = await q.query<{
    symbol: string;
    spread: string;
    min_lots: string;
    brackets: { notionalUpTo: string | null; rate: string }[] | string;
    liquidation_fee_rate: string;
    liquidation_fee_cap: string;
    funding_interval_hours: number;
    funding_clamp: string;
    exposure_cap: string;
  }>(
    `SELECT symbol, spread::text, min_lots::text, brackets, liquidation_fee_rate::text, liquidation_fee_cap::text,
            funding_interval_hours, funding_clamp::text, exposure_cap::text
     FROM position_rules`,
  );
  return new Map(
    rows.map((r) => [
      r.symbol,
      {
        symbol: r.symbol,
        spread: canonicalDecimal(r.spread),
        minLots: canonicalDecimal(r.min_lots),
        brackets: (typeof r.brackets === 'string'
          ? JSON.parse(r.brackets)
          : r.brackets) as PositionRulesRow['brackets'],
        liquidationFeeRate: canonicalDecimal(r.liquidation_fee_rate),
        liquidationFeeCap: canonicalDecimal(r.liquidation_fee_cap),
        fundingIntervalHours: r.funding_interval_hours,
        fundingClamp: canonicalDecimal(r.funding_clamp),
        exposureCap: canonicalDecimal(r.exposure_cap),
      },
    ]),
  );
}

/** Core's rules of an instrument: its own tick, lot, leverage, fees, and its rules row. */
export function instrumentRules(instrument: InstrumentSpec, row: PositionRulesRow): InstrumentRules {
  const brackets: MarginBracket[] = row.brackets.map((b) => ({
    notionalUpTo: b.notionalUpTo === null ? null : parseUnits(b.notionalUpTo),
    rate: parseUnits(b.rate),
  }));
  return {
    instrument,
    row,
    exposureCap: parseUnits(row.exposureCap),
    core: {
      product: instrument.kind === 'perp' ? 'perp' : 'cfd',
      instrumentClass: instrument.class,
      maxLeverage: instrument.maxLeverage,
      tickSize: parseUnits(instrument.tickSize),
      lotSize: parseUnits(instrument.lotSize),
      minLots: parseUnits(row.minLots),
      takerFee: parseUnits(instrument.takerFee),
      stampDuty: parseUnits(instrument.stampDuty),
      spread: parseUnits(row.spread),
      brackets,
      liquidationFeeRate: parseUnits(row.liquidationFeeRate),
      liquidationFeeCap: parseUnits(row.liquidationFeeCap),
    },
  };
}
