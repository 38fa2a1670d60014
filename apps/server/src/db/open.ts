import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { DataDirInUseError } from './dir-lock.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { readTemplate } from './template.ts';

/** PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR; migrations run every start. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openEmbedded(path.join(config.dataDir, 'pglite'));
  // A start that cannot migrate lets the database go (PGlite's directory lock among it) before it fails.
  await migrate(db).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  return db;
}

/**
 * PGlite in `dir`; a new one starts from the migrated template when `npm install` made one for
 * today's migrations. A template that cannot be loaded (a broken file) costs only the time it took:
 * the half-made directory is removed, `warn` told why, and the database created as without one.
 */
export async function openEmbedded(
  dir: string,
  findTemplate = readTemplate,
  warn: (message: string) => void = console.warn,
): Promise<Db> {
  const template = existsSync(path.join(dir, 'PG_VERSION')) ? undefined : await findTemplate();
  if (!template) return openPglite(dir);
  try {
    return await openPglite(dir, template);
  } catch (error) {
    // Another process's directory is not a broken template: never removed.
    if (error instanceof DataDirInUseError) throw error;
    warn(
      `the embedded database template could not be loaded (creating the database instead): ${String(error)}`,
    );
    await rm(dir, { recursive: true, force: true });
    return openPglite(dir);
  }
}
