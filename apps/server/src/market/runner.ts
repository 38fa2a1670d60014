import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import type { PriceFeed } from './feeds/feed.ts';
import type { MarketHub } from './hub.ts';
import { pruneTicks } from './store.ts';

/** Runs a feed into the hub, flushes every second, prunes old ticks hourly. Returns stop. */
export function runMarket(hub: MarketHub, feed: PriceFeed, db: Db, log: FastifyBaseLogger): () => void {
  feed.start((t) => hub.onTick(t.symbol, t.price, t.volume, t.ts, feed.source));
  let flushing = false;
  const flush = setInterval(() => {
    if (flushing) return;
    flushing = true;
    hub
      .flush()
      .catch((err: unknown) => log.error({ err }, 'market flush failed'))
      .finally(() => {
        flushing = false;
      });
  }, 1000);
  const prune = setInterval(
    () => void pruneTicks(db).catch((err: unknown) => log.error({ err }, 'tick pruning failed')),
    3_600_000,
  );
  flush.unref();
  prune.unref();
  log.info({ feed: feed.source }, 'market feed started');
  return () => {
    feed.stop();
    clearInterval(flush);
    clearInterval(prune);
  };
}
