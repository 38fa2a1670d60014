import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { MIGRATIONS_DIR } from '../db/migrate.ts';

/**
 * The roles one process of the platform holds (db/ownership.ts; the names the spot, positions and
 * market areas lock): a ready platform has a holder of each. No feed, no feed owner.
 */
export function ownedRoles(config: Pick<Config, 'marketFeed'>): string[] {
  return ['spot-engines', 'position-engines', ...(config.marketFeed === 'off' ? [] : ['market-feed'])];
}

export interface HealthSources {
  db: Db;
  /** PostgreSQL: the roles' holders are read from its locks. PGlite: this process holds them all. */
  databaseUrl: string | undefined;
  roles: string[];
  /** Redis's answer, when the platform uses one. */
  pingRedis?: () => Promise<unknown>;
  /** True once a shutdown began: not ready, whatever else holds. */
  draining: () => boolean;
}

export type Check = 'ok' | string;

/**
 * For a load balancer (docs/OPERATIONS.md): `/livez`, the process answers (restart it when not);
 * `/readyz`, it can serve: the database answers with every migration this build carries applied,
 * Redis answers when configured, and each role (the market feed, the engines) has an owner somewhere
 * (an api instance forwards orders to it). 503 with what is not, else 200; never rate limited.
 * From a shutdown's first moment, 503 `shutting down` (platform/shutdown.ts).
 */
export function healthRoutes(app: FastifyInstance, sources: HealthSources) {
  // The build's migrations: read once, they do not change while it runs.
  const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    // Answered without a query: the balancer should stop sending at once, and the database may be closing.
    if (sources.draining()) return reply.code(503).send({ status: 'shutting down', checks: {} });
    const checks = await readiness(sources, migrations);
    const ready = Object.values(checks).every((c) => c === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
}

async function readiness(sources: HealthSources, migrations: string[]): Promise<Record<string, Check>> {
  const checks: Record<string, Check> = {};
  const { db } = sources;
  try {
    const applied = new Set(
      (await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id),
    );
    checks.database = 'ok';
    const missing = migrations.filter((m) => !applied.has(m));
    checks.migrations = missing.length === 0 ? 'ok' : `not applied: ${missing.join(', ')}`;
  } catch (error) {
    checks.database = `no answer: ${(error as Error).message}`;
  }
  if (sources.pingRedis) {
    checks.redis = await sources.pingRedis().then(
      () => 'ok',
      (error: Error) => `no answer: ${error.message}`,
    );
  }
  if (sources.databaseUrl && checks.database === 'ok') {
    const held = await db.query<{ role: string; held: boolean }>(
      // The key as ownership.ts takes it (hashtext of schema and role), split as pg_locks shows a bigint key.
      `SELECT r.role, EXISTS (
         SELECT 1 FROM pg_locks l
         WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND l.classid = ((k.key >> 32) & 4294967295)::oid AND l.objid = (k.key & 4294967295)::oid) AS held
       FROM unnest($1::text[]) AS r (role)
       CROSS JOIN LATERAL (SELECT hashtext(current_schema() || ':' || r.role)::bigint AS key) AS k`,
      [sources.roles],
    );
    for (const { role, held: yes } of held) checks[role] = yes ? 'ok' : 'no process holds it';
  }
  return checks;
}
