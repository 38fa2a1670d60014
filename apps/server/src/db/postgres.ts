import pg from 'pg';
import type { Db, Queryable } from './db.ts';

// NUMERIC and BIGINT arrive as strings (exact); timestamps as Date objects.
export async function openPostgres(
  url: string,
  options: { schema?: string; max?: number } = {},
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection that breaks (PostgreSQL restarted, an operator ended the session, a
  // database dropped under a test) is reported here: the pool has already discarded it and the next
  // query opens a new one. Unheard, the event would be an uncaught exception ending the process.
  // A query in flight on a broken connection still fails, to its caller.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const res = await c.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    driver: 'postgres',
    ...wrap(pool),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
