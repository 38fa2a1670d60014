import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MIGRATIONS_DIR, migrate } from './migrate.ts';
import { dumpPglite } from './pglite.ts';

/**
 * A migrated embedded database, made once by `npm install` (its postinstall) and kept beside
 * node_modules, so a fresh clone's first `npm start` loads it (about half a second of CPU) instead
 * of creating a cluster and applying every migration (initdb alone is several seconds of
 * WebAssembly). It holds nothing but the migrations' schema: no secret, no user. Its name is a
 * digest of PGlite's version and every migration, so after a pull that adds a migration, or an
 * upgrade of PGlite, it is simply not found and the start creates the database as before.
 */
// createRequire, not import.meta.resolve: the test runner's module loader has no import.meta.resolve.
const pglitePackage = packageRoot(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
const CACHE_DIR = path.join(pglitePackage, '..', '..', '.cache', 'otc-pglite');

/** The folder of the package a resolved entry file belongs to (its exports hide package.json). */
function packageRoot(entry: string): string {
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json')) || path.basename(dir) !== 'pglite')
    dir = path.dirname(dir);
  return dir;
}

/** Where the template for today's PGlite and migrations is (it may not exist). */
export async function templatePath(): Promise<string> {
  const pglite = JSON.parse(await readFile(path.join(pglitePackage, 'package.json'), 'utf8')) as {
    version: string;
  };
  return path.join(CACHE_DIR, `migrated-${await migrationsDigest(pglite.version)}.tar`);
}

/**
 * A digest of every migration's name and text, after `seed` (what else the migrated database depends
 * on): the name of a template made from them, here and for the tests' PostgreSQL template.
 */
export async function migrationsDigest(seed = ''): Promise<string> {
  const hash = createHash('sha256');
  hash.update(seed);
  for (const file of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(`\0${file}\0`);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The template as PGlite loads it, or undefined when none was made for today's migrations. */
export async function readTemplate(): Promise<Blob | undefined> {
  const file = await templatePath();
  return existsSync(file) ? new Blob([await readFile(file)]) : undefined;
}

/** Makes the template (if missing) and removes those of older migrations; returns its path. */
export async function makeTemplate(): Promise<string> {
  const file = await templatePath();
  if (existsSync(file)) return file;
  const dump = await dumpPglite(migrate);
  await mkdir(CACHE_DIR, { recursive: true });
  for (const old of await readdir(CACHE_DIR))
    if (old.endsWith('.tar')) await rm(path.join(CACHE_DIR, old), { force: true });
  // Written aside and renamed: a start reading it never sees half a file, and two makers at once
  // (the test projects' setups) each rename a whole one.
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}
