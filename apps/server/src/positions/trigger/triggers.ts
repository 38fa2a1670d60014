import type { MarginBracket, QuoteConversion } from '@otc/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/db.ts';
import type { IndexTick } from '../../market/index.ts';
import { TriggerBook, type TriggerReason } from './book.ts';
import { marginBrackets, openPositions, type WatchedPosition } from './store.ts';

/**
 * The bus channel that tells the process watching the triggers that positions changed outside its
 * engines (a funding charge in the worker: margins moved, so liquidation prices did) or that an
 * instrument's rules did (an operator's edit of the brackets): it reloads them from the database.
 */
export const TRIGGERS_CHANNEL = 'positions:triggers';
export type TriggersMessage = { positionIds: string[] } | { symbol: string };

export interface TriggerWiring {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** The market hub's tick feed (`MarketHub.onIndexTick`). */
  onIndexTick(listener: (tick: IndexTick) => void): () => void;
  /** The engines' event: each position's new state after commit. */
  onPositionChange(listener: (position: WatchedPosition) => void): () => void;
  /** The engines' system close. */
  submitSystemClose(positionId: string, reason: TriggerReason): Promise<unknown>;
  /** An instrument's quote currency to USDT now (absent: every instrument is USDT-quoted). */
  conversion?(symbol: string): QuoteConversion | null;
  /** The instruments whose quote converts through `leg`'s price (a cross through its USD leg). */
  quotedThrough?(leg: string): string[];
  /** After positions changed outside the engines were reloaded (funding): the engines take them in too. */
  reloaded?(positions: WatchedPosition[]): Promise<void>;
}

/** Says to whichever process watches the triggers that these positions, or an instrument's rules, changed. */
export function announceTriggers(bus: Bus, message: TriggersMessage): void {
  bus.publish({ channel: TRIGGERS_CHANNEL, seq: 0, data: message });
}

/**
 * Starts the triggers where the engines run (the engines' owner calls it once its books are
 * restored): loads the brackets and every open position, then follows the ticks, the engines'
 * position changes and the bus's reload messages. Returns the book and how to stop.
 */
export async function startTriggers(w: TriggerWiring): Promise<{ book: TriggerBook; stop: () => void }> {
  let brackets: Map<string, MarginBracket[]> = await marginBrackets(w.db);
  const book = new TriggerBook({
    brackets: (symbol) => brackets.get(symbol),
    ...(w.conversion ? { conversion: w.conversion } : {}),
    submit: (positionId, reason) => w.submitSystemClose(positionId, reason),
    onError: (err, positionId, reason) =>
      w.log.warn({ err, positionId, reason }, 'a triggered close failed; it is armed again'),
  });
  // Changes heard while loading are applied after it, in order, so none is lost or undone.
  let queued: WatchedPosition[] | null = [];
  const stopChanges = w.onPositionChange((p) => (queued ? queued.push(p) : book.track(p)));
  for (const p of await openPositions(w.db)) book.track(p);
  for (const p of queued) book.track(p);
  queued = null;

  const stopTicks = w.onIndexTick((tick) => {
    const fired = book.tick(tick.symbol, tick.price);
    for (const cross of w.quotedThrough?.(tick.symbol) ?? []) book.retrack(cross);
    if (fired.length > 0)
      w.log.info({ symbol: tick.symbol, price: tick.price, fired }, 'position triggers fired');
  });
  const reload = async (m: TriggersMessage) => {
    if ('symbol' in m) {
      brackets = new Map([...brackets, ...(await marginBrackets(w.db, m.symbol))]);
      for (const p of await openPositions(w.db)) if (p.symbol === m.symbol) book.track(p);
    } else {
      const rows = await openPositions(w.db, m.positionIds);
      await w.reloaded?.(rows);
      for (const p of rows) book.track(p);
    }
  };
  const stopBus = w.bus.subscribe((m) => {
    if (m.channel !== TRIGGERS_CHANNEL) return;
    reload(m.data as TriggersMessage).catch((err: unknown) => w.log.error({ err }, 'triggers reload failed'));
  });
  w.log.info({ positions: book.size }, 'position triggers watching');
  return {
    book,
    stop: () => {
      stopTicks();
      stopChanges();
      stopBus();
    },
  };
}
