import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db.ts';

/** Beside this module, in the sources and in the server's bundle (scripts/build-server.mjs copies them). */
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any number will do as long as every instance uses the same one: it serialises migrations
// when several instances start at once on PostgreSQL.
const MIGRATION_LOCK = 7_261_001;

/** Applies every migration in `migrations/` not applied yet, in name order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  // Under the lock too: two processes creating the table at once on PostgreSQL collide even with
  // IF NOT EXISTS (a duplicate key in its catalogue), so two instances first started together failed.
  await db.tx(async (q) => {
    if (db.driver === 'postgres') await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  // What is applied stays applied: those are skipped from one read (a start applies none, and a
  // transaction per migration to find that out was dozens of round trips before serving). The rest
  // are checked again under the lock, where another process may have just applied them.
  const done = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  const applied: string[] = [];
  for (const file of files.filter((f) => !done.has(f))) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    const ran = await db.tx(async (q) => {
      if (db.driver === 'postgres') await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await q.query('SELECT 1 FROM schema_migrations WHERE id = $1', [file]);
      if (seen.length > 0) return false;
      await q.exec(sql);
      await q.query('INSERT INTO schema_migrations (id) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
