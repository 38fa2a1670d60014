import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { checksum, EditedMigrationError, MIGRATIONS_DIR, migrate } from '../../../src/db/migrate.ts';
import { openPglite } from '../../../src/db/pglite.ts';
import { openPostgres } from '../../../src/db/postgres.ts';

const files = async () => (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();

describe('migrations', { timeout: 180_000 }, () => {
  it('apply once each on a new embedded database, and a later start applies none', async () => {
    const db = await openPglite();
    try {
      expect(await migrate(db)).toEqual(await files());
      expect(await migrate(db)).toEqual([]);
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(row?.n).toBe((await files()).length);
    } finally {
      await db.close();
    }
  });

  it('a migration changed after it was applied stops the next start, naming it; nothing else runs', async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      const [first, second] = await files();
      // As if the file had been edited since: the database keeps the applied version's checksum.
      await db.query("UPDATE schema_migrations SET checksum = 'applied-before-the-edit' WHERE id = $1", [
        first,
      ]);
      await db.query('DELETE FROM schema_migrations WHERE id = $1', [second]);
      const error = await migrate(db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EditedMigrationError);
      expect((error as Error).message).toMatch(new RegExp(`^migration ${first} changed after being applied`));
      // Checked before anything is applied: the missing one was not run again.
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM schema_migrations WHERE id = $1',
        [second],
      );
      expect(row?.n).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('a database from before the checksums takes the files as applied, and then holds them to it', async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      await db.query('UPDATE schema_migrations SET checksum = NULL');
      expect(await migrate(db)).toEqual([]);
      const [first] = await files();
      const [row] = await db.query<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE id = $1',
        [first],
      );
      expect(row?.checksum).toBe(
        checksum(await readFile(path.join(MIGRATIONS_DIR, first as string), 'utf8')),
      );
    } finally {
      await db.close();
    }
  });
});

// Two instances first started together on one new PostgreSQL database: each migration applied once.
const postgres = process.env.TEST_DATABASE_URL;
if (postgres)
  describe('migrations on PostgreSQL', { timeout: 180_000 }, () => {
    it('apply once each when two processes migrate at once', async () => {
      const server = postgres;
      const name = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      const [a, b] = await Promise.all([openPostgres(url.toString()), openPostgres(url.toString())]);
      try {
        const [first, second] = await Promise.all([migrate(a), migrate(b)]);
        expect([...first, ...second].sort()).toEqual(await files());
        expect(first.filter((f) => second.includes(f))).toEqual([]);
        expect(await migrate(a)).toEqual([]);
      } finally {
        await a.close();
        await b.close();
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
      }
    });

    // PostgreSQL restarted, or an operator ended idle sessions: the pool drops the broken idle
    // connections and the next query opens a new one. (Unheard, the pool's error took the process down.)
    describe('a PostgreSQL pool', { timeout: 60_000 }, () => {
      it('outlives its idle connections being ended, and answers the next query', async () => {
        const name = `t_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: postgres });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(postgres);
        url.pathname = `/${name}`;
        const db = await openPostgres(url.toString());
        try {
          await Promise.all([db.query('SELECT 1'), db.query('SELECT 1'), db.query('SELECT 1')]);
          const ended = await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          );
          expect(ended.rowCount).toBeGreaterThan(0);
          // The ended connections' errors reach the pool while they sit idle.
          await new Promise((r) => setTimeout(r, 500));
          expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
        } finally {
          await db.close();
          await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
          await admin.end();
        }
      });
    });
  });
