import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { startMarket } from './market/start.ts';
import { startSnapshotJob } from './proof/job.ts';
import { MarketMaker } from './spot/market-maker.ts';

const config = loadConfig();
const db = await openDatabase(config);
const { app, ctx, market, bus, spot, desk } = await buildApp({ config, db });
const stopJobs = [startMarket(config, market, bus, db, app.log)];
if (config.marketFeed !== 'off') {
  // The market maker trades through the engines, so it runs where they run (and starts there on a takeover).
  void desk.owned.then(async () => stopJobs.push((await MarketMaker.create(ctx, spot, market)).start()));
}
if (config.role === 'all' || config.role === 'worker') stopJobs.push(startSnapshotJob(ctx));

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
  `OTC Markets is running at ${config.publicUrl ?? `http://localhost:${config.port}`}/ (admin: /admin/, API docs: /api/docs, data: ${where})`,
);
