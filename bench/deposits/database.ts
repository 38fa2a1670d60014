import { randomBytes } from 'node:crypto';
import type { Db } from '../../apps/server/src/db/db.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openPglite } from '../../apps/server/src/db/pglite.ts';
import { openPostgres } from '../../apps/server/src/db/postgres.ts';
import { adminSql } from '../admin-sql.ts';

export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/**
 * A migrated, empty database: PGlite in memory, or on PostgreSQL a fresh schema (as the integration
 * harness's freshSchema) that `drop` removes afterwards.
 */
export async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<{ db: Db; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  if (!POSTGRES_URL) throw new Error('--db postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const url = POSTGRES_URL;
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = (sql: string) => adminSql(url, sql);
  await admin(`CREATE SCHEMA ${schema}`);
  try {
    const db = await openPostgres(url, { schema, max: 4 });
    await migrate(db);
    return {
      db,
      drop: async () => {
        await db.close();
        await admin(`DROP SCHEMA ${schema} CASCADE`);
      },
    };
  } catch (error) {
    await admin(`DROP SCHEMA ${schema} CASCADE`);
    throw error;
  }
}
