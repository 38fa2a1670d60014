import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db.ts';

/** Beside this module, in the sources and in the server's bundle (scripts/build-server.mjs copies them). */
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any number will do as long as every instance uses the same one: it serialises migrations
// when several instances start at once on PostgreSQL.
const MIGRATION_LOCK = 7_261_001;

/** A migration file's fingerprint, kept with it when applied. */
export const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * A migration edited after it was applied: the database is not what the file now says, and applying
 * nothing (as before) would hide it. The start stops with this, naming the file.
 */
export class EditedMigrationError extends Error {
  constructor(readonly files: string[]) {
    super(
      `migration${files.length > 1 ? 's' : ''} ${files.join(', ')} changed after being applied to this database: ` +
        'restore the applied version and put the change in a new migration (docs/OPERATIONS.md "Upgrades")',
    );
  }
}

/**
 * Applies every migration in `migrations/` not applied yet, in name order, each in its own
 * transaction, keeping each one's checksum; first checks that those applied are unchanged
 * (`EditedMigrationError`). A database from before the checksums takes the files' as they are.
 */
export async function migrate(db: Db): Promise<string[]> {
  // Under the lock too: two processes creating the table at once on PostgreSQL collide even with
  // IF NOT EXISTS (a duplicate key in its catalogue), so two instances first started together failed.
  await db.tx(async (q) => {
    if (db.driver === 'postgres') await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
       ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`,
    );
  });
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const texts = new Map(
    await Promise.all(
      files.map(async (f) => [f, await readFile(path.join(MIGRATIONS_DIR, f), 'utf8')] as const),
    ),
  );
  const known = await db.query<{ id: string; checksum: string | null }>(
    'SELECT id, checksum FROM schema_migrations',
  );
  const edited = known.filter(
    (m) => m.checksum !== null && texts.has(m.id) && checksum(texts.get(m.id) ?? '') !== m.checksum,
  );
  if (edited.length > 0) throw new EditedMigrationError(edited.map((m) => m.id));
  const unsummed = known.filter((m) => m.checksum === null && texts.has(m.id)).map((m) => m.id);
  if (unsummed.length > 0)
    await db.query(
      'UPDATE schema_migrations m SET checksum = c.sum FROM unnest($1::text[], $2::text[]) AS c (id, sum) WHERE m.id = c.id AND m.checksum IS NULL',
      [unsummed, unsummed.map((id) => checksum(texts.get(id) ?? ''))],
    );
  // What is applied stays applied: those are skipped from one read (a start applies none, and a
  // transaction per migration to find that out was dozens of round trips before serving). The rest
  // are checked again under the lock, where another process may have just applied them.
  const done = new Set(known.map((r) => r.id));
  const applied: string[] = [];
  for (const file of files.filter((f) => !done.has(f))) {
    const sql = texts.get(file) ?? '';
    const ran = await db.tx(async (q) => {
      if (db.driver === 'postgres') await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await q.query('SELECT 1 FROM schema_migrations WHERE id = $1', [file]);
      if (seen.length > 0) return false;
      await q.exec(sql);
      await q.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [file, checksum(sql)]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
