import { buildApp } from '../apps/server/src/app.ts';
import { type Config, loadConfig } from '../apps/server/src/config.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';

/**
 * Our server for the socket benchmarks: the app from `buildApp` on PGlite in memory, rate limits
 * raised, logs silent, no feed (the benchmark feeds it), listening on a free port.
 */
export async function startOurs() {
  const db = await openPglite();
  await migrate(db);
  const config: Config = {
    ...loadConfig({}),
    logLevel: 'silent',
    rateLimitPerMinute: 100_000_000,
    authRateLimitPerMinute: 100_000_000,
    marketFeed: 'off',
    marketHistory: false,
    webDist: '/nonexistent',
    adminDist: '/nonexistent',
  };
  const { app, market, bus } = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    market,
    bus,
    url: `ws://127.0.0.1:${port}/ws`,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
