import pg from 'pg';
import type { Db, Queryable } from './db.ts';

export const CONNECT_TIMEOUT_MS = 5000;

// NUMERIC and BIGINT arrive as strings (exact); timestamps as Date objects.
export async function openPostgres(
  url: string,
  options: { schema?: string; max?: number } = {},
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A request waits this long at most for a connection (the pool full, or PostgreSQL away and a
    // connect hanging on a cut network), then fails as unavailable (db/unavailable.ts); unset, it
    // would wait for ever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
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
      // A checked-out connection has no listener of the pool's: the server ending it between two
      // statements (a PostgreSQL restart) would be an uncaught 'error' ending the process. Heard
      // here, the transaction's next statement fails (to its caller) and the connection is dropped.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
