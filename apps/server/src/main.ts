import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { simulatorFeed } from './market/feeds/simulator.ts';
import { runMarket } from './market/runner.ts';
import { startSnapshotJob } from './proof/job.ts';

const config = loadConfig();
const db = await openDatabase(config);
const { app, ctx, market } = await buildApp({ config, db });
const stopJobs = [startSnapshotJob(ctx)];
if (config.marketFeed === 'sim') {
  const prices = new Map([...market.instruments.keys()].map((s) => [s, market.price(s) ?? '']));
  const feed = simulatorFeed([...market.instruments.values()], prices, config.marketSeed);
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
