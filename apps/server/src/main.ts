import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { roles } from './platform/roles.ts';

const config = loadConfig();
const db = await openDatabase(config);
const { app, areas, jobs } = await buildApp({ config, db });
// Each area decides by this process's role what it runs in the background (platform/roles.ts).
const stops = areas.map((area) => area.background?.());
// The areas' durable jobs run where the role runs jobs; claims keep each run to one process.
if (roles.runsJobs(config.role)) stops.push(jobs.start());

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  for (const stop of stops) await stop?.();
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
