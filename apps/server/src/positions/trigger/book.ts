import {
  liquidationPrice,
  type MarginBracket,
  PAR,
  type PositionState,
  parseUnits,
  type QuoteConversion,
  TriggerIndex,
  type Units,
} from '@otc/core';
import { floorOf } from '../rows.ts';
import type { WatchedPosition } from './store.ts';

/** Why the system closes a position. */
export type TriggerReason = 'tp' | 'sl' | 'liquidation';
/** On the same tick, a liquidation wins over a stop-loss, which wins over a take-profit. */
const PRECEDENCE: readonly TriggerReason[] = ['liquidation', 'sl', 'tp'];

interface Trigger {
  reason: TriggerReason;
  price: Units;
  fires: 'above' | 'below';
}

interface Watched {
  position: WatchedPosition;
  book: string;
  triggers: Trigger[];
}

/** What the book asks of its owner: the brackets of an instrument, and the system close. */
export interface TriggerBookDeps {
  brackets(symbol: string): MarginBracket[] | undefined;
  /**
   * The instrument's quote currency to USDT now (absent: USDT-quoted); null while its USD leg has
   * no price (no liquidation price can be set until it has one).
   */
  conversion?(symbol: string): QuoteConversion | null;
  /** Submits the close; a rejection (the close failed) re-arms the position for the next tick. */
  submit(positionId: string, reason: TriggerReason): Promise<unknown>;
  onError?(err: unknown, positionId: string, reason: TriggerReason): void;
}

const bookKey = (symbol: string, realm: string) => `${symbol}|${realm}`;
const triggerId = (positionId: string, reason: TriggerReason) => `${positionId}:${reason}`;

/**
 * Every open position's TP, SL and liquidation price, in one core `TriggerIndex` per instrument and
 * realm, so a mark tick touches only the triggers it crosses, never every position. A position
 * whose triggers were set while the price was already past them (just loaded at start, just
 * changed, a close that failed) is checked against the next tick's price itself, once: that is how
 * a trigger crossed while the process was down fires on the first tick after start.
 * A position handed to `submit` is left out until its change arrives, so it is never submitted twice.
 */
export class TriggerBook {
  private readonly indexes = new Map<string, TriggerIndex>();
  private readonly watched = new Map<string, Watched>();
  private readonly lastMark = new Map<string, Units>();
  /** Per instrument: positions to check against the next tick's price itself. */
  private readonly recheck = new Map<string, Set<string>>();
  private readonly closing = new Set<string>();

  constructor(private readonly deps: TriggerBookDeps) {}

  /** How many positions are watched (the back office, tests). */
  get size(): number {
    return this.watched.size;
  }

  /** Whether a close of this position is in flight. */
  isClosing(positionId: string): boolean {
    return this.closing.has(positionId);
  }

  /** A position's new state (opened, changed, closed): its triggers replace the old ones. */
  track(position: WatchedPosition): void {
    this.unwatch(position.id);
    if (position.status !== 'open') {
      this.closing.delete(position.id);
      return;
    }
    // A close in flight: its outcome (closed, or a failure that re-arms it) decides, not this change.
    if (this.closing.has(position.id)) return;
    const triggers = this.triggersOf(position);
    if (triggers.length === 0) return;
    const book = bookKey(position.symbol, position.realm);
    let index = this.indexes.get(book);
    if (!index) {
      index = new TriggerIndex();
      this.indexes.set(book, index);
    }
    for (const t of triggers) index.add(triggerId(position.id, t.reason), t.price, t.fires);
    this.watched.set(position.id, { position, book, triggers });
    let set = this.recheck.get(position.symbol);
    if (!set) {
      set = new Set();
      this.recheck.set(position.symbol, set);
    }
    set.add(position.id);
  }

  /**
   * Sets again the triggers of every position of `symbol`: a cross's liquidation price moves with
   * its quote's USD leg, so a tick of the leg re-estimates it (and checks it at the next tick).
   */
  retrack(symbol: string): void {
    for (const w of [...this.watched.values()]) if (w.position.symbol === symbol) this.track(w.position);
  }

  /** Takes a position out (closed elsewhere, or being closed). */
  unwatch(positionId: string): void {
    const w = this.watched.get(positionId);
    if (!w) return;
    const index = this.indexes.get(w.book);
    for (const t of w.triggers) index?.remove(triggerId(positionId, t.reason));
    this.watched.delete(positionId);
  }

  /**
   * One mark tick of an instrument: the positions whose triggers it crossed (from the last tick's
   * price to this one), plus those waiting to be checked against a price, are each submitted once
   * with the reason that takes precedence. Returns what was submitted.
   */
  tick(symbol: string, price: string): { positionId: string; reason: TriggerReason }[] {
    const next = parseUnits(price);
    const prev = this.lastMark.get(symbol);
    this.lastMark.set(symbol, next);
    const fired = new Map<string, Set<TriggerReason>>();
    const hit = (positionId: string, reason: TriggerReason) => {
      let reasons = fired.get(positionId);
      if (!reasons) {
        reasons = new Set();
        fired.set(positionId, reasons);
      }
      reasons.add(reason);
    };
    if (prev !== undefined && prev !== next) {
      for (const [book, index] of this.indexes) {
        if (!book.startsWith(`${symbol}|`)) continue;
        for (const id of index.crossed(prev, next)) {
          const cut = id.lastIndexOf(':');
          hit(id.slice(0, cut), id.slice(cut + 1) as TriggerReason);
        }
      }
    }
    const waiting = this.recheck.get(symbol);
    if (waiting) {
      this.recheck.delete(symbol);
      for (const positionId of waiting) {
        const w = this.watched.get(positionId);
        if (!w) continue;
        for (const t of w.triggers) if (reached(t, next)) hit(positionId, t.reason);
      }
    }
    const submitted: { positionId: string; reason: TriggerReason }[] = [];
    for (const [positionId, reasons] of fired) {
      const reason = PRECEDENCE.find((r) => reasons.has(r)) as TriggerReason;
      const w = this.watched.get(positionId);
      if (!w || this.closing.has(positionId)) continue;
      this.closing.add(positionId);
      this.unwatch(positionId);
      submitted.push({ positionId, reason });
      this.deps.submit(positionId, reason).catch((err: unknown) => {
        // The close did not happen (the market halted, the engine failed): arm it again, checked
        // against the next tick's price.
        this.closing.delete(positionId);
        this.deps.onError?.(err, positionId, reason);
        if (!this.watched.has(positionId)) this.track(w.position);
      });
    }
    return submitted;
  }

  /** The position's triggers: TP and SL as set, the liquidation price at its margin now ("--": none). */
  private triggersOf(p: WatchedPosition): Trigger[] {
    const long = p.side === 'long';
    const list: Trigger[] = [];
    if (p.tp !== null) list.push({ reason: 'tp', price: parseUnits(p.tp), fires: long ? 'above' : 'below' });
    if (p.sl !== null) list.push({ reason: 'sl', price: parseUnits(p.sl), fires: long ? 'below' : 'above' });
    const brackets = this.deps.brackets(p.symbol);
    const conv = this.deps.conversion ? this.deps.conversion(p.symbol) : PAR;
    if (brackets && conv) {
      const state: PositionState = {
        side: p.side,
        lots: parseUnits(p.lots),
        entry: parseUnits(p.entry),
        margin: parseUnits(p.margin),
        leverage: p.leverage,
        ...floorOf(p.closeOut),
      };
      const liq = liquidationPrice(state, brackets, conv);
      if (liq !== null) list.push({ reason: 'liquidation', price: liq, fires: long ? 'below' : 'above' });
    }
    return list;
  }
}

/** Whether a price is at or past a trigger in its direction. */
const reached = (t: Trigger, price: Units) => (t.fires === 'above' ? price >= t.price : price <= t.price);
