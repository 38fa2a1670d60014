import type { FastifyBaseLogger } from 'fastify';
import type { PriceFeed } from './feeds/feed.ts';
import type { MarketHub } from './hub.ts';

/** Starts a feed into the hub: each tick, with the venue trade it came from where there is one. */
export function feedInto(hub: MarketHub, feed: PriceFeed): void {
  feed.start((t) => hub.onTick(t.symbol, t.price, t.volume, t.ts, feed.source, t.trade));
}

/**
 * Runs a feed into the hub and flushes it every second (a cadence of this process's memory, on
 * real time; pruning old ticks is the durable job `market.prune-ticks`, jobs.ts). Returns stop.
 */
export function runMarket(hub: MarketHub, feed: PriceFeed, log: FastifyBaseLogger): () => void {
  feedInto(hub, feed);
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
  flush.unref();
  log.info({ feed: feed.source }, 'market feed started');
  return () => {
    feed.stop();
    clearInterval(flush);
  };
}
