import pg from 'pg';

/**
 * One statement on its own connection to `url` (CREATE / DROP of a benchmark's schema or database,
 * which a pooled connection inside that schema or database cannot run).
 */
export async function adminSql(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
