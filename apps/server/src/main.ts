import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { exchangeFeed } from './market/feeds/exchange.ts';
import { simulatorFeed } from './market/feeds/simulator.ts';
import { runMarket } from './market/runner.ts';
import { startSnapshotJob } from './proof/job.ts';

const config = loadConfig();
const db = await openDatabase(config);
const { app, ctx, market } = await buildApp({ config, db });
const stopJobs = [startSnapshotJob(ctx)];
const instruments = [...market.instruments.values()];
if (config.marketFeed === 'sim') {
  const prices = new Map(instruments.map((s) => [s.symbol, market.price(s.symbol) ?? s.startPrice]));
  stopJobs.push(runMarket(market, simulatorFeed(instruments, prices, config.marketSeed), db, app.log));
} else if (config.marketFeed === 'exchange') {
  if (!config.marketFeedUrl) throw new Error('MARKET_FEED=exchange needs MARKET_FEED_URL');
  // The exchange names spot pairs without a separator: BTCUSDT is our BTC/USDT.
  const symbols = new Map(
    instruments.filter((s) => s.kind === 'spot').map((s) => [`${s.base}${s.quote}`, s.symbol]),
  );
  const feed = exchangeFeed(config.marketFeedUrl, symbols, (err) =>
    app.log.warn({ err }, 'exchange feed error'),
  );
  stopJobs.push(runMarket(market, feed, db, app.log));
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  for (const stop of stopJobs) stop();
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
app.log.info(
  `OTC Markets is running at http://localhost:${config.port}/ (admin: /admin/, API docs: /api/docs, data: ${where})`,
);
