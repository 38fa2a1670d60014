import type { AppContext } from '../context.ts';
import { endForLostRole, Fence } from '../db/ownership.ts';
import { roles } from '../platform/roles.ts';
import type { PriceFeed } from './feeds/feed.ts';
import { simulatorFeed } from './feeds/simulator.ts';
import { venueFeed } from './feeds/venue.ts';
import type { MarketHub } from './hub.ts';
import { feedOwnership } from './ownership.ts';
import { runMarket } from './runner.ts';

/**
 * Starts this process's part of the market. The process that may run the feed (role all or
 * engine) takes feed ownership and runs it; until it owns it, and in every other process, the hub
 * follows the owner's messages on the bus. A process that may own the engines also fills the
 * history that is missing, in the background (several at once write the same candles once).
 * Returns a stop function.
 */
export function startMarket(ctx: AppContext, market: MarketHub): () => Promise<void> {
  const { config, bus, log } = ctx;
  const history = new AbortController();
  const mayRunFeed = roles.mayOwnEngines(config.role) && config.marketFeed !== 'off';
  const filling =
    config.marketHistory && roles.mayOwnEngines(config.role)
      ? market
          .fillHistory(config.marketSeed, config.marketFeed !== 'off', history.signal)
          .catch((err: unknown) => log.error({ err }, 'market history failed'))
      : undefined;
  let unfollow: (() => void) | undefined = market.follow(bus);
  let stopFeed: (() => void) | undefined;
  const fence = new Fence('market-feed');
  const ownership = mayRunFeed
    ? feedOwnership(config.databaseUrl, { onLost: endForLostRole('market-feed', log), fence, db: ctx.db })
    : undefined;
  void ownership?.acquired.then(() => {
    unfollow?.();
    unfollow = undefined;
    market.feedStarted(fence);
    stopFeed = runMarket(market, makeFeed(ctx, market), log);
  });
  return async () => {
    history.abort();
    unfollow?.();
    stopFeed?.();
    void ownership?.release();
    // The instrument being written finishes before the database closes.
    await filling;
  };
}

/** The configured feed, stamping ticks with the platform clock's time. */
function makeFeed({ config, log, clock }: AppContext, market: MarketHub): PriceFeed {
  const now = () => clock.now();
  const instruments = [...market.instruments.values()];
  if (config.marketFeedOldName)
    log.warn('MARKET_FEED=exchange is the old name of MARKET_FEED=venue: use venue');
  if (config.marketFeed === 'venue') {
    if (!config.marketFeedUrl) throw new Error('MARKET_FEED=venue needs MARKET_FEED_URL');
    // The venue names spot pairs without a separator: BTCUSDT is our BTC/USDT.
    const symbols = new Map(
      instruments.filter((s) => s.kind === 'spot').map((s) => [`${s.base}${s.quote}`, s.symbol]),
    );
    return venueFeed(
      config.marketFeedUrl,
      symbols,
      (err) => log.warn({ err }, 'venue feed error'),
      now,
      config.marketFeedVenue,
    );
  }
  const prices = new Map(instruments.map((s) => [s.symbol, market.price(s.symbol) ?? s.startPrice]));
  return simulatorFeed(instruments, prices, config.marketSeed, 1000, now);
}
