import { buildApp } from './app.ts';
import { startBanner } from './banner.ts';
import { loadConfig } from './config.ts';
import { DataDirInUseError } from './db/dir-lock.ts';
import { EditedMigrationError } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { databaseUnavailable } from './db/unavailable.ts';
import type { Stop } from './platform/area.ts';
import { startEmbeddedDevChain } from './platform/chain/index.ts';
import { refusedInProduction } from './platform/production.ts';
import { RESTART_EXIT_CODE } from './platform/restart.ts';
import { roles } from './platform/roles.ts';

/**
 * Starts the platform in this process and serves it. `appsBuilt`, when given, is what the apps'
 * builds still owe: `npm start` (scripts/start.mjs) calls this while Vite builds the web app and
 * the back office on a first start, so the dev chain and the embedded database (initdb, the
 * migrations: seconds of CPU) are made beside the builds, in the process that then serves, and
 * the routes that serve the apps' files are set up once the builds are there.
 */
export async function startServer(options: { appsBuilt?: Promise<unknown> } = {}): Promise<void> {
  const loaded = loadConfig();
  const refused = refusedInProduction(loaded);
  if (refused.length > 0) {
    // Before anything is started or written: one line per setting, then a non-zero exit.
    for (const line of refused) process.stderr.write(`refused: ${line}\n`);
    process.exit(1);
  }
  // The embedded default runs its own local chain (DEV_CHAIN=0 turns it off; DEV_CHAIN_RPC_URL uses a running one).
  const devChain =
    loaded.devChain && !loaded.devChainRpcUrl ? await startEmbeddedDevChain(loaded.dataDir) : undefined;
  const config = devChain
    ? { ...loaded, devChainRpcUrl: devChain.rpcUrl, devChainUsdt: devChain.usdt }
    : loaded;
  const db = await openDatabase(config).catch(async (error: unknown) => {
    await devChain?.stop();
    // PostgreSQL away (stopped, restarting): a restart mends it (scripts/supervise.mjs waits and tries again).
    if (databaseUnavailable(error)) {
      process.stderr.write(`unavailable: the database cannot be reached (${(error as Error).message})\n`);
      process.exit(RESTART_EXIT_CODE);
    }
    // An edited migration, a database another process has open: the operator's to mend, said in
    // one line rather than a stack.
    if (!(error instanceof EditedMigrationError || error instanceof DataDirInUseError)) throw error;
    process.stderr.write(`refused: ${error.message}\n`);
    process.exit(1);
  });
  await options.appsBuilt;
  const { app, areas, jobs, firstOperator, shutdown } = await buildApp({ config, db });
  const stops: (Stop | undefined)[] = [];

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const code = await shutdown.run(
      [
        // The market maker, the feed and the jobs: nobody waits on them, and they would trade and write on.
        {
          name: 'background work',
          run: async () => {
            for (const halt of stops) await halt?.();
          },
        },
        // No new connections, sockets hear "going away" (1001), requests in flight are answered, and the
        // areas' stops run: the engines finish their queues and give up ownership for a standby to take.
        { name: 'requests', run: () => app.close() },
        { name: 'database', run: () => db.close() },
        { name: 'dev chain', run: () => devChain?.stop() },
      ],
      config.shutdownTimeoutMs,
      app.log,
    );
    process.exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  // Serve first: the background work (the market's history among it, on a first start) follows.
  await app.listen({ port: config.port, host: config.host });
  // Each area decides by this process's role what it runs in the background (platform/roles.ts).
  stops.push(...areas.map((area) => area.background?.()));
  // The areas' durable jobs run where the role runs jobs; claims keep each run to one process.
  if (roles.runsJobs(config.role)) stops.push(jobs.start());

  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const data = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  app.log.info(`OTC Markets is running at ${origin}/ (admin: /admin/, API docs: /api/docs, data: ${data})`);
  if (config.logFormat === 'pretty')
    process.stdout.write(`${startBanner({ origin, data, firstOperator })}\n`);
}
