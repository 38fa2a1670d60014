import {
  addToPosition,
  type CloseOutcome,
  closeOutcome,
  fillPrice,
  formatUnits,
  isBuy,
  type LiquidationOutcome,
  liquidationOutcome,
  type OpenCost,
  openCost,
  type PositionState,
  parseUnits,
  type QuoteConversion,
  type Units,
} from '@otc/core';
import type { ErrorKey } from '@otc/protocol/errors';
import { floorOf, type PositionOrderRow, type PositionRow, stateOf } from './rows.ts';
import type { InstrumentRules } from './rules.ts';

/**
 * What one order did to the positions of its book, decided in memory by the book's single writer
 * (so two orders never see the same position as it was): the settlement writes it.
 */
export type PositionFill =
  | {
      kind: 'open';
      order: PositionOrderRow;
      price: Units;
      /** The quote currency's conversion to USDT at the fill (every fill's amounts are in USDT). */
      conv: QuoteConversion;
      cost: OpenCost;
      position: PositionRow;
    }
  | {
      kind: 'close';
      order: PositionOrderRow;
      price: Units;
      conv: QuoteConversion;
      outcome: CloseOutcome;
      position: PositionRow;
      /** The position as the engine read it before this fill (a later funding charge re-decides it). */
      before: PositionState;
    }
  | {
      kind: 'liquidate';
      order: PositionOrderRow;
      price: Units;
      conv: QuoteConversion;
      outcome: LiquidationOutcome;
      position: PositionRow;
      before: PositionState;
    }
  | {
      kind: 'reverse';
      order: PositionOrderRow;
      price: Units;
      conv: QuoteConversion;
      outcome: CloseOutcome;
      position: PositionRow;
      before: PositionState;
      cost: OpenCost;
      opened: PositionRow;
    }
  | { kind: 'reject'; order: PositionOrderRow; reason: ErrorKey };

const sideKey = (userId: string, side: string) => `${userId}|${side}`;
const opposite = (side: 'long' | 'short') => (side === 'long' ? 'short' : 'long');
const add = (a: string, b: Units) => formatUnits(parseUnits(a) + b);

/**
 * The open positions of one instrument in one realm, as the book's writer knows them: by id and by
 * (user, side) (one open position per side), and the dealer's net exposure (long lots - short lots).
 * Reloaded from the database after a restart or a failed batch.
 */
export class OpenPositions {
  private readonly byId = new Map<string, PositionRow>();
  private readonly bySide = new Map<string, PositionRow>();
  private netLots: Units = 0n;

  constructor(
    readonly rules: () => InstrumentRules,
    private readonly now: () => Date,
    /** The quote currency's conversion to USDT now (null: its USD leg has no price, nothing trades). */
    private readonly conversion: () => QuoteConversion | null,
  ) {}

  load(rows: PositionRow[]): void {
    this.byId.clear();
    this.bySide.clear();
    this.netLots = 0n;
    for (const r of rows) this.track(r);
  }

  get exposure(): Units {
    return this.netLots;
  }

  get(id: string): PositionRow | undefined {
    return this.byId.get(id);
  }

  ofUser(userId: string, side: 'long' | 'short'): PositionRow | undefined {
    return this.bySide.get(sideKey(userId, side));
  }

  all(): IterableIterator<PositionRow> {
    return this.bySide.values();
  }

  /** A position the settlement has just given an id. */
  named(row: PositionRow): void {
    this.byId.set(row.id, row);
  }

  private track(r: PositionRow): void {
    if (r.id) this.byId.set(r.id, r);
    this.bySide.set(sideKey(r.user_id, r.side), r);
    this.netLots += signed(r.side, parseUnits(r.lots));
  }

  private untrack(r: PositionRow): void {
    this.byId.delete(r.id);
    this.bySide.delete(sideKey(r.user_id, r.side));
  }

  /** Whether adding `delta` lots to the dealer's net exposure would pass the cap (moving away from zero). */
  passesCap(delta: Units, cap: Units): boolean {
    const after = this.netLots + delta;
    return abs(after) > cap && abs(after) > abs(this.netLots);
  }

  /**
   * An opening order at `price` (a market order's stored fill price, or the limit price once the
   * mark reached it): adds to the user's position on its side, or opens one.
   */
  open(order: PositionOrderRow, price: Units): PositionFill {
    const { core, exposureCap } = this.rules();
    const lots = parseUnits(order.lots);
    const existing = this.ofUser(order.user_id, order.side);
    if (existing && existing.leverage !== order.leverage)
      return { kind: 'reject', order, reason: 'position_leverage_mismatch' };
    if (this.passesCap(signed(order.side, lots), exposureCap))
      return { kind: 'reject', order, reason: 'dealer_exposure_cap' };
    const conv = this.conversion();
    if (conv === null) return { kind: 'reject', order, reason: 'no_mark_price' };
    const cost = openCost(core, { lots, price, leverage: order.leverage }, conv);
    // A cross's quote leg moved past the cushion reserved at intake: the order cannot pay its cost.
    if (cost.prepaid > parseUnits(order.frozen))
      return { kind: 'reject', order, reason: 'insufficient_balance' };
    const position = this.grow(existing, order, lots, price, cost);
    return { kind: 'open', order, price, conv, cost, position };
  }

  /** Closing some or all lots of a position at the dealer's price at `mark`. */
  close(order: PositionOrderRow, mark: Units): PositionFill {
    const position = order.position_id ? this.byId.get(order.position_id) : undefined;
    const lots = parseUnits(order.lots);
    if (!position || position.user_id !== order.user_id || lots > parseUnits(position.lots))
      return { kind: 'reject', order, reason: 'position_not_open' };
    const conv = this.conversion();
    if (conv === null) return { kind: 'reject', order, reason: 'no_mark_price' };
    const { core } = this.rules();
    const price = fillPrice(core, mark, isBuy(position.side, 'close'));
    const before = stateOf(position);
    const outcome = closeOutcome(before, { lots, price, feeRate: core.takerFee }, conv);
    this.shrink(position, lots, price, outcome, order.close_reason ?? 'user');
    return { kind: 'close', order, price, conv, outcome, position, before };
  }

  /** The system's liquidation: every lot at the mark itself (the price shown as the liquidation price). */
  liquidate(order: PositionOrderRow, mark: Units): PositionFill {
    const position = order.position_id ? this.byId.get(order.position_id) : undefined;
    if (!position) return { kind: 'reject', order, reason: 'position_not_open' };
    const conv = this.conversion();
    if (conv === null) return { kind: 'reject', order, reason: 'no_mark_price' };
    const before = stateOf(position);
    const outcome = liquidationOutcome(before, { mark, rules: this.rules().core }, conv);
    this.shrink(
      position,
      parseUnits(position.lots),
      mark,
      { ...outcome, marginReleased: parseUnits(position.margin) },
      'liquidation',
    );
    return { kind: 'liquidate', order, price: mark, conv, outcome, position, before };
  }

  /**
   * Closes every lot and opens as many on the other side at the same leverage, at the one dealer
   * price of that trade (closing a long and opening a short both sell).
   */
  reverse(order: PositionOrderRow, mark: Units): PositionFill {
    const position = order.position_id ? this.byId.get(order.position_id) : undefined;
    if (!position || position.user_id !== order.user_id)
      return { kind: 'reject', order, reason: 'position_not_open' };
    const { core, exposureCap } = this.rules();
    const lots = parseUnits(position.lots);
    const other = opposite(position.side);
    const existing = this.ofUser(order.user_id, other);
    if (existing && existing.leverage !== position.leverage)
      return { kind: 'reject', order, reason: 'position_leverage_mismatch' };
    if (this.passesCap(2n * signed(other, lots), exposureCap))
      return { kind: 'reject', order, reason: 'dealer_exposure_cap' };
    const conv = this.conversion();
    if (conv === null) return { kind: 'reject', order, reason: 'no_mark_price' };
    const price = fillPrice(core, mark, isBuy(position.side, 'close'));
    const before = stateOf(position);
    const outcome = closeOutcome(before, { lots, price, feeRate: core.takerFee }, conv);
    const cost = openCost(core, { lots, price, leverage: position.leverage }, conv);
    this.shrink(position, lots, price, outcome, 'reverse');
    const opened = this.grow(
      existing,
      // The position it opens keeps the close-out floor of the one it reverses (decision 0150).
      {
        ...order,
        side: other,
        leverage: position.leverage,
        tp: null,
        sl: null,
        close_out: position.close_out,
      },
      lots,
      price,
      cost,
    );
    return { kind: 'reverse', order, price, conv, outcome, position, before, cost, opened };
  }

  private grow(
    existing: PositionRow | undefined,
    order: Pick<
      PositionOrderRow,
      'user_id' | 'realm' | 'symbol' | 'product' | 'side' | 'leverage' | 'tp' | 'sl' | 'close_out'
    >,
    lots: Units,
    price: Units,
    cost: OpenCost,
  ): PositionRow {
    const at = this.now();
    const next = addToPosition(existing ? stateOf(existing) : null, {
      side: order.side,
      lots,
      price,
      leverage: order.leverage,
      margin: cost.margin,
      ...floorOf(order.close_out),
    });
    const row: PositionRow = existing ?? {
      id: '',
      user_id: order.user_id,
      realm: order.realm,
      symbol: order.symbol,
      product: order.product,
      side: order.side,
      lots: '0',
      entry_price: '0',
      leverage: order.leverage,
      margin: '0',
      tp: null,
      sl: null,
      fees: '0',
      stamp_duty: '0',
      funding: '0',
      realised_pnl: '0',
      close_out: '0',
      close_price: null,
      close_reason: null,
      status: 'open',
      opened_at: at,
      closed_at: null,
      updated_at: at,
    };
    row.lots = formatUnits(next.lots);
    row.entry_price = formatUnits(next.entry);
    row.margin = formatUnits(next.margin);
    // Adding keeps the stricter floor of the position's and the order's.
    row.close_out = formatUnits(next.floor ?? 0n);
    row.fees = add(row.fees, cost.fee);
    row.stamp_duty = add(row.stamp_duty, cost.stampDuty);
    // An order's TP/SL apply to the position it opens or adds to; none given keeps the position's.
    if (order.tp !== null) row.tp = order.tp;
    if (order.sl !== null) row.sl = order.sl;
    row.updated_at = at;
    this.netLots += signed(row.side, lots);
    // A new position is known by its side until the settlement gives it an id (`named`).
    if (!existing) this.bySide.set(sideKey(row.user_id, row.side), row);
    return row;
  }

  private shrink(
    row: PositionRow,
    lots: Units,
    price: Units,
    out: { realisedPnl: Units; fee: Units; marginReleased: Units },
    reason: NonNullable<PositionRow['close_reason']>,
  ): void {
    const at = this.now();
    const left = parseUnits(row.lots) - lots;
    const margin = parseUnits(row.margin) - out.marginReleased;
    const realised = out.realisedPnl;
    const fee = out.fee;
    row.lots = formatUnits(left);
    row.realised_pnl = add(row.realised_pnl, realised);
    row.fees = add(row.fees, fee);
    row.close_price = formatUnits(price);
    row.updated_at = at;
    this.netLots -= signed(row.side, lots);
    if (left === 0n) {
      row.margin = '0';
      row.status = 'closed';
      row.close_reason = reason;
      row.closed_at = at;
      this.untrack(row);
    } else {
      row.margin = formatUnits(margin);
    }
  }
}

const signed = (side: 'long' | 'short', lots: Units) => (side === 'long' ? lots : -lots);
const abs = (x: Units) => (x < 0n ? -x : x);
