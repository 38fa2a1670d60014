import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { roles } from '../platform/roles.ts';
import { exchangeFeed } from './feeds/exchange.ts';
import type { PriceFeed } from './feeds/feed.ts';
import { simulatorFeed } from './feeds/simulator.ts';
import type { MarketHub } from './hub.ts';
import { feedOwnership } from './ownership.ts';
import { runMarket } from './runner.ts';

/**
 * Starts this process's part of the market. The process that may run the feed (role all or
 * engine) takes feed ownership and runs it; until it owns it, and in every other process, the hub
 * follows the owner's messages on the bus. Returns a stop function.
 */
export function startMarket(
  config: Config,
  market: MarketHub,
  bus: Bus,
  db: Db,
  log: FastifyBaseLogger,
): () => void {
  const mayRunFeed = roles.mayOwnEngines(config.role) && config.marketFeed !== 'off';
  let unfollow: (() => void) | undefined = market.follow(bus);
  let stopFeed: (() => void) | undefined;
  const ownership = mayRunFeed ? feedOwnership(config.databaseUrl) : undefined;
  void ownership?.acquired.then(() => {
    unfollow?.();
    unfollow = undefined;
    stopFeed = runMarket(market, makeFeed(config, market, log), db, log);
  });
  return () => {
    unfollow?.();
    stopFeed?.();
    void ownership?.release();
  };
}

function makeFeed(config: Config, market: MarketHub, log: FastifyBaseLogger): PriceFeed {
  const instruments = [...market.instruments.values()];
  if (config.marketFeed === 'exchange') {
    if (!config.marketFeedUrl) throw new Error('MARKET_FEED=exchange needs MARKET_FEED_URL');
    // The exchange names spot pairs without a separator: BTCUSDT is our BTC/USDT.
    const symbols = new Map(
      instruments.filter((s) => s.kind === 'spot').map((s) => [`${s.base}${s.quote}`, s.symbol]),
    );
    return exchangeFeed(config.marketFeedUrl, symbols, (err) => log.warn({ err }, 'exchange feed error'));
  }
  const prices = new Map(instruments.map((s) => [s.symbol, market.price(s.symbol) ?? s.startPrice]));
  return simulatorFeed(instruments, prices, config.marketSeed);
}
