import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './dir-lock.ts';
import { openPglite } from './pglite.ts';

/**
 * Backups and restores of both databases (decision 0139). PostgreSQL: `pg_dump --format=custom`
 * (one consistent snapshot, taken while the server runs) and `pg_restore`. PGlite: its own dump
 * (`dumpDataDir`, a gzipped tarball of the data directory) and `loadDataDir`; the directory is locked
 * while the server runs (0134), so a backup of a running embedded server is refused.
 * The password of a DATABASE_URL goes to the tools through PGPASSWORD, never on a command line or
 * in a message.
 */

/** A refusal the command prints as one line and exits 2 for. */
export class Refused extends Error {}

/** The URL without its password, for messages and for the tools' command lines. */
export function withoutPassword(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

function toolEnv(url: string): NodeJS.ProcessEnv {
  const password = decodeURIComponent(new URL(url).password);
  return { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
}

/** Runs a PostgreSQL tool; its stderr, without the password, goes into the error. */
function run(tool: string, args: string[], url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: toolEnv(url), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const password = new URL(url).password;
      const said = password ? stderr.split(password).join('***') : stderr;
      if (code === 0) resolve();
      else reject(new Error(`${tool} exited ${code}: ${said.trim()}`));
    });
  });
}

/** The first bytes of a file say which database made it: "PGDMP" (pg_dump) or gzip (PGlite). */
export async function backupKind(file: string): Promise<'postgres' | 'pglite'> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  } finally {
    await handle.close();
  }
  throw new Refused(`${file} is not a backup made by npm run backup`);
}

export async function backupPostgres(url: string, out: string): Promise<void> {
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${withoutPassword(url)}`],
    url,
  );
}

/** The tables in the database's public schema: a database with any is not empty. */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

export async function restorePostgres(url: string, from: string, force: boolean): Promise<void> {
  const tables = await tablesIn(url);
  if (tables > 0) {
    if (!force)
      throw new Refused(
        `the database ${withoutPassword(url)} is not empty (${tables} tables); add --force to replace it`,
      );
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    } finally {
      await client.end();
    }
  }
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${withoutPassword(url)}`,
      from,
    ],
    url,
  );
}

/** The embedded database's directory under DATA_DIR (as db/open.ts opens it). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Refused while the server (or anything) holds the directory: DataDirInUseError says who. */
export async function backupPglite(dir: string, out: string): Promise<void> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Refused(`there is no embedded database in ${dir}`);
  const release = lockDataDir(dir);
  try {
    const db = await PGlite.create({ dataDir: dir });
    try {
      const dump = await db.dumpDataDir('gzip');
      await writeFile(out, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

export async function restorePglite(dir: string, from: string, force: boolean): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    if (!force) throw new Refused(`the embedded database in ${dir} is not empty; add --force to replace it`);
    // Taken first: a directory the server holds is never removed.
    const release = lockDataDir(dir);
    try {
      await rm(dir, { recursive: true, force: true });
    } finally {
      release();
    }
  }
  const db = await openPglite(dir, new Blob([await readFile(from)]));
  await db.close();
}
