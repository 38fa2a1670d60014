import type { Units } from '../money/decimal.ts';
import { type TriggerDirection, TriggerIndex } from '../positions/trigger-index.ts';
import { alertReached } from './rules.ts';

/** An active alert as the watch keeps it: its threshold on one instrument, and which way it fires. */
export interface WatchedAlert {
  id: string;
  symbol: string;
  target: Units;
  fires: TriggerDirection;
}

/**
 * Every active alert of every instrument, in one sorted index per instrument, so a tick touches only
 * the alerts it crosses (O(log n + k)), never every alert. An alert just added (loaded at start, set
 * while the price was moving) is checked against its instrument's next price itself, once: that is
 * how an alert crossed while no process watched fires on the first tick after. A fired alert leaves
 * the watch at once, so one process hands it on once; the database's conditional update decides
 * between processes.
 */
export class AlertWatch {
  private readonly indexes = new Map<string, TriggerIndex>();
  private readonly alerts = new Map<string, WatchedAlert>();
  private readonly last = new Map<string, Units>();
  private readonly recheck = new Map<string, Set<string>>();

  get size(): number {
    return this.alerts.size;
  }

  has(id: string): boolean {
    return this.alerts.has(id);
  }

  /** Adds an alert (or replaces it); it is checked against its instrument's next price. */
  add(alert: WatchedAlert): void {
    this.remove(alert.id);
    let index = this.indexes.get(alert.symbol);
    if (!index) {
      index = new TriggerIndex();
      this.indexes.set(alert.symbol, index);
    }
    index.add(alert.id, alert.target, alert.fires);
    this.alerts.set(alert.id, alert);
    const waiting = this.recheck.get(alert.symbol) ?? new Set<string>();
    waiting.add(alert.id);
    this.recheck.set(alert.symbol, waiting);
  }

  remove(id: string): void {
    const alert = this.alerts.get(id);
    if (!alert) return;
    this.alerts.delete(id);
    this.indexes.get(alert.symbol)?.remove(id);
    this.recheck.get(alert.symbol)?.delete(id);
  }

  /** Every watched alert's id (to check the watch against the database). */
  ids(): string[] {
    return [...this.alerts.keys()];
  }

  /**
   * One price of an instrument: the alerts the move from its last price crossed, in the order the
   * price met them, then those waiting to be checked that it has reached. Each leaves the watch.
   */
  tick(symbol: string, price: Units): WatchedAlert[] {
    const prev = this.last.get(symbol);
    this.last.set(symbol, price);
    const fired: WatchedAlert[] = [];
    const take = (id: string) => {
      const alert = this.alerts.get(id);
      if (!alert) return;
      this.remove(id);
      fired.push(alert);
    };
    const index = this.indexes.get(symbol);
    if (index && prev !== undefined && prev !== price) for (const id of index.crossed(prev, price)) take(id);
    const waiting = this.recheck.get(symbol);
    if (waiting) {
      this.recheck.delete(symbol);
      for (const id of waiting) {
        const alert = this.alerts.get(id);
        if (alert && alertReached(alert.target, alert.fires, price)) take(id);
      }
    }
    return fired;
  }
}
