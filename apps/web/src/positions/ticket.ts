import { formatUnits, parseUnits, roundUnits, type Units } from '@otc/core/money/decimal';
import { addToPosition, openCost } from '@otc/core/positions/open';
import { PAR, type QuoteConversion, reserveConversion } from '@otc/core/positions/quote';
import { reverseCost } from '@otc/core/positions/reverse';
import { closeOutFloor, liquidationPrice } from '@otc/core/positions/risk';
import { max } from '@otc/core/positions/rounding';
import { checkOrder, checkTpSl, fillPrice, leverageCap } from '@otc/core/positions/rules';
import type { PositionRules, PositionSide, PositionState } from '@otc/core/positions/types';
import type { Position, PositionDetail } from '@otc/protocol/positions/schemas';

/**
 * The leveraged order ticket's rules (perpetuals and CFDs alike), pure: what an order costs and
 * where it would be liquidated, shown before confirming, and what is wrong with what was typed.
 * The figures are core's (packages/core/src/positions), the ones the server freezes and settles.
 */
export type TicketType = 'market' | 'limit';

export interface TicketInput {
  side: PositionSide;
  type: TicketType;
  /** The limit price as typed (ignored for market). */
  price: string;
  lots: string;
  leverage: number;
  /** Empty when not set. */
  tp: string;
  sl: string;
}

export type TicketField = 'price' | 'lots' | 'leverage' | 'tp' | 'sl';
export const TICKET_FIELDS: readonly TicketField[] = ['price', 'lots', 'leverage', 'tp', 'sl'];

/** A problem with the ticket: the field, the message key (positions.ticket.*) and its values. */
export interface TicketProblem {
  field: TicketField;
  key:
    | 'enterPrice'
    | 'offTick'
    | 'enterLots'
    | 'offStep'
    | 'belowMin'
    | 'leverageRange'
    | 'tpInvalid'
    | 'slInvalid'
    | 'insufficient';
  values?: Record<string, string | number>;
}

/** The disclosed rules of the wire (decimal strings) as core's (bigint Units). */
export function rulesOf(detail: Pick<PositionDetail, 'rules' | 'instrument'>): PositionRules {
  const r = detail.rules;
  return {
    product: r.product,
    instrumentClass: detail.instrument.class,
    maxLeverage: r.maxLeverage,
    tickSize: parseUnits(r.tickSize),
    lotSize: parseUnits(r.lotSize),
    minLots: parseUnits(r.minLots),
    takerFee: parseUnits(r.takerFee),
    stampDuty: parseUnits(r.stampDuty),
    spread: parseUnits(r.spread),
    brackets: r.brackets.map((b) => ({
      notionalUpTo: b.notionalUpTo === null ? null : parseUnits(b.notionalUpTo),
      rate: parseUnits(b.rate),
    })),
    liquidationFeeRate: parseUnits(r.liquidationFeeRate),
    liquidationFeeCap: parseUnits(r.liquidationFeeCap),
  };
}

/**
 * The instrument's quote currency in USDT as the detail gives it (core's conversion): the ticket's
 * and the cards' money is USDT. Null while a cross's USD leg has no price (no figures then).
 */
export function quoteConversionOf(detail: Pick<PositionDetail, 'quoteRate'>): QuoteConversion | null {
  const q = detail.quoteRate;
  if (q === null) return null;
  if (q.kind !== 'rate') return { kind: q.kind };
  return { kind: 'rate', num: parseUnits(q.num), den: parseUnits(q.den) };
}

/** A decimal as typed, or null when it is not one (empty included). */
export function unitsOf(text: string): Units | null {
  const t = text.trim();
  if (t === '') return null;
  try {
    return parseUnits(t.endsWith('.') ? t.slice(0, -1) : t);
  } catch {
    return null;
  }
}

/** The leverage the slider may show: a whole number from 1 to the cap. */
export function clampLeverage(value: number, cap: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.round(value)), Math.max(1, cap));
}

/** The price the order opens at: the limit price, or the dealer's fill at the mark for market. */
export function referencePrice(rules: PositionRules, mark: Units | null, input: TicketInput): Units | null {
  if (input.type === 'limit') {
    const p = unitsOf(input.price);
    return p !== null && p > 0n ? p : null;
  }
  return mark === null || mark <= 0n ? null : fillPrice(rules, mark, input.side === 'long');
}

/**
 * The price the order reserves at, as the server does: its reference price, but a short limit the
 * dealer's bid is already above reserves at that bid, which it fills at (a higher price costs a
 * short more margin and fee). A long reserves at its limit and gets back what a better fill saves.
 */
export function reservePrice(rules: PositionRules, mark: Units | null, input: TicketInput): Units | null {
  const reference = referencePrice(rules, mark, input);
  if (reference === null || input.type !== 'limit' || input.side !== 'short' || mark === null || mark <= 0n)
    return reference;
  const bid = fillPrice(rules, mark, false);
  return max(bid, reference);
}

export interface TicketQuote {
  price: string;
  notional: string;
  margin: string;
  fee: string;
  stampDuty: string;
  /**
   * Exactly what the order freezes, as the server reserves it: margin + fee + stamp duty, a cross's
   * converted at its leg's rate plus the 1% cushion (core's reserveConversion) that the fill gives
   * back unused. Shown as frozen, so a balance equal to it is never refused.
   */
  prepaid: string;
  /** null: "--" (none exists). */
  liquidationPrice: string | null;
}

/**
 * What the order costs in USDT (the quote converted by `conv`) and where the position (with the one
 * already held on that side, if any) would be liquidated; null until price and lots read as
 * positive numbers, or without a conversion. `closeOutLevel` is the user's country's margin
 * close-out (the detail's `rules.closeOutLevel`, ESMA's '0.5'): the position is held to
 * level / leverage at the least, as the server stores it (decision 0150).
 */
export function ticketQuote(
  rules: PositionRules,
  mark: Units | null,
  input: TicketInput,
  held: PositionState | null = null,
  conv: QuoteConversion | null = PAR,
  closeOutLevel: string | null = null,
): TicketQuote | null {
  const price = reservePrice(rules, mark, input);
  const lots = unitsOf(input.lots);
  if (price === null || lots === null || lots <= 0n || conv === null) return null;
  const leverage = clampLeverage(input.leverage, leverageCap(rules));
  const cost = openCost(rules, { lots, price, leverage }, conv);
  const reserved = openCost(rules, { lots, price, leverage }, reserveConversion(conv));
  const base = held && held.side === input.side && held.leverage === leverage ? held : null;
  const floor = closeOutFloor(closeOutLevel === null ? null : parseUnits(closeOutLevel), leverage);
  const after = addToPosition(base, {
    side: input.side,
    lots,
    price,
    leverage,
    margin: cost.margin,
    ...(floor > 0n ? { floor } : {}),
  });
  const liq = liquidationPrice(after, rules.brackets, conv);
  return {
    price: formatUnits(price),
    notional: formatUnits(cost.notional),
    margin: formatUnits(cost.margin),
    fee: formatUnits(cost.fee),
    stampDuty: formatUnits(cost.stampDuty),
    prepaid: formatUnits(reserved.prepaid),
    liquidationPrice: liq === null ? null : formatUnits(liq),
  };
}

export interface ReverseQuote {
  /** The one price both legs fill at. */
  price: string;
  closeFee: string;
  openFee: string;
  stampDuty: string;
  /** closeFee + openFee + stampDuty. */
  fees: string;
  realisedPnl: string;
  /** The position held afterwards (with one already open on that side added). */
  side: PositionSide;
  lots: string;
  margin: string;
}

/**
 * What reversing `position` at `mark` costs, in USDT, the way the ticket computes an order (core's
 * close and open costs, the engine's): null without a mark or the quote's conversion. `held` is the
 * user's position already open on the other side of the instrument, if any.
 */
export function reverseQuote(
  rules: PositionRules,
  mark: Units | null,
  position: Pick<Position, 'side' | 'lots' | 'entryPrice' | 'margin' | 'leverage'>,
  conv: QuoteConversion | null,
  held: Pick<Position, 'side' | 'lots' | 'entryPrice' | 'margin' | 'leverage'> | null = null,
): ReverseQuote | null {
  if (mark === null || mark <= 0n || conv === null) return null;
  const state = (p: NonNullable<typeof held>): PositionState => ({
    side: p.side,
    lots: parseUnits(p.lots),
    entry: parseUnits(p.entryPrice),
    margin: parseUnits(p.margin),
    leverage: p.leverage,
  });
  const r = reverseCost(rules, state(position), mark, conv, held ? state(held) : null);
  return {
    price: formatUnits(r.price),
    closeFee: formatUnits(r.closeFee),
    openFee: formatUnits(r.openFee),
    stampDuty: formatUnits(r.stampDuty),
    fees: formatUnits(r.fees),
    realisedPnl: formatUnits(r.realisedPnl),
    side: r.after.side,
    lots: formatUnits(r.after.lots),
    margin: formatUnits(r.after.margin),
  };
}

const onStep = (value: Units, step: Units) => step <= 0n || value % step === 0n;

/**
 * The first thing wrong with the ticket, in the order the fields are read, or null. `available`
 * is the contract account's USDT (undefined: unknown, e.g. a guest, then not checked).
 */
export function ticketProblem(
  rules: PositionRules,
  mark: Units | null,
  input: TicketInput,
  available?: string,
  conv: QuoteConversion | null = PAR,
): TicketProblem | null {
  if (input.type === 'limit') {
    const p = unitsOf(input.price);
    if (p === null || p <= 0n) return { field: 'price', key: 'enterPrice' };
    if (!onStep(p, rules.tickSize))
      return { field: 'price', key: 'offTick', values: { step: formatUnits(rules.tickSize) } };
  }
  const lots = unitsOf(input.lots);
  if (lots === null || lots <= 0n) return { field: 'lots', key: 'enterLots' };
  const rule = checkOrder(rules, { lots, leverage: input.leverage });
  if (rule === 'leverage_out_of_range')
    return { field: 'leverage', key: 'leverageRange', values: { max: leverageCap(rules) } };
  if (rule === 'lots_below_minimum')
    return { field: 'lots', key: 'belowMin', values: { min: formatUnits(rules.minLots) } };
  if (rule === 'lots_off_step')
    return { field: 'lots', key: 'offStep', values: { step: formatUnits(rules.lotSize) } };
  const reference = referencePrice(rules, mark, input);
  const tpsl = tpSlProblem(input.side, reference, input.tp, input.sl);
  if (tpsl) return tpsl;
  const quote = ticketQuote(rules, mark, input, null, conv);
  const funds = available === undefined ? null : unitsOf(available);
  if (quote && funds !== null && parseUnits(quote.prepaid) > funds)
    return { field: 'lots', key: 'insufficient', values: { amount: quote.prepaid } };
  return null;
}

/**
 * TP and SL against a reference price (the order's price or fill at the mark, or a position's
 * entry): a long takes profit above it and stops below it, a short the other way. Empty is none.
 */
export function tpSlProblem(
  side: PositionSide,
  reference: Units | null,
  tpText: string,
  slText: string,
): TicketProblem | null {
  const tp = tpText.trim() === '' ? null : unitsOf(tpText);
  const sl = slText.trim() === '' ? null : unitsOf(slText);
  if (tpText.trim() !== '' && (tp === null || tp <= 0n)) return { field: 'tp', key: 'tpInvalid' };
  if (slText.trim() !== '' && (sl === null || sl <= 0n)) return { field: 'sl', key: 'slInvalid' };
  if (reference === null) return null;
  const wrong = checkTpSl(side, reference, tp, sl);
  if (wrong === 'tp_invalid') return { field: 'tp', key: 'tpInvalid' };
  if (wrong === 'sl_invalid') return { field: 'sl', key: 'slInvalid' };
  return null;
}

/**
 * A fraction as a percentage to at most `decimals` places, rounded half up, exact otherwise, in
 * the language's shape ("0.0001" gives "0.01%", "-0.00025" "-0.025%"; in German "0.0005" gives
 * "0,05 %"). Rates and fees keep their places (two would misstate a fee); the rounding is exact,
 * the language's number format only draws the result.
 */
export function percentText(fraction: string, decimals = 4, lang = 'en'): string {
  const u = unitsOf(fraction.replace(/^-/, ''));
  if (u === null) return '--';
  const pct = roundUnits(u * 100n, decimals, 'half-up');
  const negative = fraction.trim().startsWith('-') && pct !== 0n;
  return percentShape(lang, decimals).format(Number(`${negative ? '-' : ''}${formatUnits(pct)}`) / 100);
}

const percentShapes = new Map<string, Intl.NumberFormat>();
function percentShape(lang: string, decimals: number): Intl.NumberFormat {
  const key = `${lang}|${decimals}`;
  let shape = percentShapes.get(key);
  if (!shape) {
    shape = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: decimals });
    percentShapes.set(key, shape);
  }
  return shape;
}

type MarketStatus = 'open' | 'closed' | 'halted';

/**
 * Whether the ticket may send: the server's word on the session when it says closed or halted (a
 * session's close sends no new tick, so the last ticker can still read open), else the live
 * ticker's, else the instrument's.
 */
export function tradingStatus(
  server: MarketStatus | undefined,
  live: MarketStatus | undefined,
  instrument: MarketStatus,
): MarketStatus {
  if (server && server !== 'open') return server;
  return live ?? server ?? instrument;
}

/** The time until `at` (ms) as HH:MM:SS, never negative. */
export function countdownText(at: number, now: number): string {
  const total = Math.max(0, Math.floor((at - now) / 1000));
  const hh = Math.floor(total / 3600);
  const mm = Math.floor((total % 3600) / 60);
  const ss = total % 60;
  return [hh, mm, ss].map((n) => String(n).padStart(2, '0')).join(':');
}
