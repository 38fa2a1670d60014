import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';
import { lockDataDir } from './dir-lock.ts';

/**
 * The embedded default: PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests). A new
 * one may start as a copy of `from`, a data directory dumped by `dumpPglite`: the tests migrate one
 * database per run and copy it, and a first start loads the template `npm install` made
 * (db/template.ts); either skips creating the cluster (initdb, seconds). `from` is ignored when
 * `dataDir` already holds a database.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Db> {
  if (!dataDir) return wrapPglite(await PGlite.create(from ? { loadDataDir: from } : {}));
  await mkdir(dataDir, { recursive: true });
  // One process at a time in a data directory (dir-lock.ts): taken before PGlite reads it.
  const release = lockDataDir(dataDir);
  try {
    const load = from && !existsSync(path.join(dataDir, 'PG_VERSION')) ? from : undefined;
    const db = wrapPglite(await PGlite.create({ dataDir, ...(load ? { loadDataDir: load } : {}) }));
    return {
      ...db,
      close: async () => {
        try {
          await db.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** A fresh in-memory PGlite with `prepare` run on it, as a data directory to open copies of. */
export async function dumpPglite(prepare: (db: Db) => Promise<unknown>): Promise<Blob> {
  const pg = await PGlite.create();
  await prepare(wrapPglite(pg));
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  return dump;
}

function wrapPglite(pg: PGlite): Db {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const res = await q.query<T>(sql, params);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    driver: 'pglite',
    ...wrap(pg),
    // PGlite has one connection: its transaction API queues transactions, so concurrent requests
    // never interleave statements inside each other's BEGIN and COMMIT.
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    close: () => pg.close(),
  };
}
