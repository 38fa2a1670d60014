import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Session } from '@otc/protocol/auth/schemas';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import type { Db } from '../../../src/db/db.ts';
import { migrate } from '../../../src/db/migrate.ts';
import { openDatabase, openEmbedded } from '../../../src/db/open.ts';
import { openPostgres } from '../../../src/db/postgres.ts';
import { buyWithUsdt, DATABASES, freshDatabase, startServerOn, type TestServer } from '../support/harness.ts';
import { withDatabase } from '../support/postgres-template.ts';
import { spotOnPipeline } from '../support/spot-pipeline.ts';

/**
 * Backups and restores (decision 0139), as an operator runs them: `npm run backup` and
 * `npm run restore` as processes, on a platform under load over HTTP. What the restored database
 * holds is what the original held at the backup's moment: the ledger check passes, every balance
 * and the journal's totals are equal, and engines started on it rebuild the same books (state hash).
 */
/** The test's folders (backups, data directories), removed after the file. */
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const root = path.resolve(import.meta.dirname, '../../../../..');

interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script>` as its own process (tsx), without blocking this one (the load goes on). */
function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Keeps the markets open (the feed is off in tests). */
function fresh(s: TestServer): void {
  s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
  s.market.onTick('ETH/USDT', '3500', '1', Date.now(), 'test');
}

/**
 * Several demo users trading and moving funds over HTTP, each in its own loop, until stopped:
 * resting bids and asks, sells that take bids, transfers between their accounts.
 */
async function startLoad(s: TestServer, users: number) {
  const traders: Session[] = [];
  for (let i = 0; i < users; i++) {
    const u = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    await buyWithUsdt(s, u.token, 'BTC', '5000');
    traders.push(u);
  }
  let running = true;
  let done = 0;
  const loop = async (u: Session, i: number) => {
    const order = (side: 'buy' | 'sell', price: string) =>
      s.api(
        '/api/spot/order',
        { symbol: 'BTC/USDT', side, type: 'limit', price, qty: '0.0001', idempotencyKey: randomUUID() },
        { token: u.token },
      );
    const transfer = (from: string, to: string) =>
      s.api(
        '/api/credit/transfer',
        { from, to, asset: 'USDT', amount: '1', idempotencyKey: randomUUID() },
        { token: u.token },
      );
    for (let n = 0; running; n++) {
      fresh(s);
      const steps = [
        () => order('buy', String(59000 + ((n + i) % 5) * 10)),
        () => order('sell', String(61000 + ((n + i) % 5) * 10)),
        () => order('sell', '59000'),
        () => transfer('funding', 'contract'),
        () => transfer('contract', 'funding'),
      ];
      const res = await (steps[n % steps.length] as () => ReturnType<typeof order>)();
      if (res.body.code === 200) done++;
    }
  };
  const loops = traders.map((u, i) => loop(u, i));
  return {
    done: () => done,
    /** Stops the loops, waits for their last requests and for every engine to have written. */
    async stop() {
      running = false;
      await Promise.all(loops);
      for (const e of s.spot.all()) await e.idle();
    },
  };
}

/** What a restore must give back: every balance, the journal's totals, each book's state hash. */
async function state(db: Db, s: TestServer) {
  const balances = await db.query(
    `SELECT realm, owner_type, owner, kind, asset, available::text AS available, frozen::text AS frozen
       FROM ledger_accounts ORDER BY realm, owner_type, owner, kind, asset`,
  );
  const journal = await db.query(
    `SELECT a.realm, e.asset, e.field, count(*)::int AS n, sum(e.amount)::text AS total,
            sum(abs(e.amount))::text AS moved
       FROM journal_entries e JOIN ledger_accounts a ON a.id = e.account_id
      GROUP BY a.realm, e.asset, e.field ORDER BY a.realm, e.asset, e.field`,
  );
  const [entries] = await db.query<{ journals: number; orders: number }>(
    `SELECT (SELECT count(*)::int FROM journal) AS journals, (SELECT count(*)::int FROM spot_orders) AS orders`,
  );
  const books = Object.fromEntries([...spotOnPipeline.engines(s)].map(([book, e]) => [book, e.stateHash()]));
  return { balances, journal, entries, books };
}

/** A database of the test's own on the test PostgreSQL server (`backup_test_<random>`), dropped after. */
async function newPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL as string;
  const name = `backup_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: withDatabase(server, name), drop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`) };
}

/** A restored database's checks: the ledger, the state at the backup's moment, the engines' rebuild. */
async function expectRestored(restored: Db, before: Awaited<ReturnType<typeof state>>) {
  expect(await checkLedger(restored)).toEqual([]);
  const s = await startServerOn(restored);
  try {
    const after = await state(restored, s);
    expect(after.books).toEqual(before.books);
    expect(after).toEqual(before);
  } finally {
    await s.close();
  }
}

const noSecret = (url: string, ...outputs: string[]) => {
  const password = new URL(url).password;
  if (password) for (const o of outputs) expect(o).not.toContain(password);
};

describe.each(DATABASES)('backup and restore on %s', (kind) => {
  it('a backup of a platform under load restores to its state at the backup', {
    timeout: 600_000,
  }, async () => {
    const file = path.join(tempDir('otc-backup-'), 'backup');
    const cleanup: (() => Promise<void>)[] = [];
    try {
      // The original: on PostgreSQL a database of its own; embedded, a data directory on disk,
      // held (locked) by this process as a server holds it.
      const pgOriginal = kind === 'postgres' ? await freshDatabase() : undefined;
      if (pgOriginal) cleanup.unshift(pgOriginal.drop);
      const dataDir = tempDir('otc-backup-data-');
      const env = { DATABASE_URL: pgOriginal?.url ?? '', DATA_DIR: dataDir };
      const db = pgOriginal
        ? await openPostgres(pgOriginal.url, { max: 8 })
        : await openEmbedded(path.join(dataDir, 'pglite'));
      let dbOpen = true;
      cleanup.unshift(async () => {
        if (dbOpen) await db.close();
      });
      await migrate(db);
      const s = await startServerOn(db);
      let serving = true;
      cleanup.unshift(async () => {
        if (serving) await s.close();
      });
      fresh(s);
      await spotOnPipeline.load(s);
      const load = await startLoad(s, 4);
      await expect.poll(() => load.done(), { timeout: 60_000 }).toBeGreaterThan(20);

      if (pgOriginal) {
        // While orders and transfers go on: pg_dump's snapshot is consistent, the ledger check passes
        // on its restore.
        const during = await npmRun('backup', ['--out', `${file}-during`], env);
        expect(during.stderr).toBe('');
        expect(during.status).toBe(0);
        const target = await newPostgresDatabase();
        cleanup.unshift(target.drop);
        const restored = await npmRun('restore', ['--from', `${file}-during`], {
          ...env,
          DATABASE_URL: target.url,
        });
        expect(restored.status, restored.stderr).toBe(0);
        noSecret(pgOriginal.url, during.stdout, during.stderr, restored.stdout, restored.stderr);
        const check = await openPostgres(target.url, { max: 2 });
        try {
          expect(await checkLedger(check)).toEqual([]);
        } finally {
          await check.close();
        }
      } else {
        // The embedded database is locked while the server runs: refused in one line, saying what to do.
        const refused = await npmRun('backup', ['--out', file], env);
        expect(refused.status).toBe(2);
        expect(refused.stderr.trim().split('\n')).toHaveLength(1);
        expect(refused.stderr).toContain(`is open in another process (pid ${process.pid})`);
        expect(refused.stderr).toContain('stop the server');
      }

      // The backup's moment, exactly: writes paused, everything written, the state remembered.
      await load.stop();
      const before = await state(db, s);
      // Books with orders resting on them, not empty ones (a hash of nothing would equal nothing).
      const emptyBook = createHash('sha256').update('').digest('hex');
      expect(Object.values(before.books).filter((h) => h !== emptyBook).length).toBeGreaterThan(1);
      expect(await checkLedger(db)).toEqual([]);
      if (pgOriginal) {
        // Backed up while the server runs (and then writes go on: they are not in the backup).
        const backup = await npmRun('backup', ['--out', file], env);
        expect(backup.status, backup.stderr).toBe(0);
        const more = await startLoad(s, 2);
        await expect.poll(() => more.done(), { timeout: 60_000 }).toBeGreaterThan(10);
        await more.stop();
        expect((await state(db, s)).balances).not.toEqual(before.balances);
      } else {
        // Embedded: the server stops, then the backup is taken.
        serving = false;
        await s.close();
        dbOpen = false;
        await db.close();
        const backup = await npmRun('backup', ['--out', file], env);
        expect(backup.status, backup.stderr).toBe(0);
      }

      // Restored into a new database, by the command.
      const target = pgOriginal
        ? await newPostgresDatabase()
        : {
            url: '',
            dataDir: tempDir('otc-restore-data-'),
            drop: async () => undefined,
          };
      cleanup.unshift(target.drop);
      const targetEnv = pgOriginal
        ? { ...env, DATABASE_URL: target.url }
        : { DATABASE_URL: '', DATA_DIR: (target as { dataDir: string }).dataDir };
      const restore = await npmRun('restore', ['--from', file], targetEnv);
      expect(restore.status, restore.stderr).toBe(0);
      // A second restore onto what is now not empty is refused in one line, unless --force.
      const again = await npmRun('restore', ['--from', file], targetEnv);
      expect(again.status).toBe(2);
      expect(again.stderr.trim().split('\n')).toHaveLength(1);
      expect(again.stderr).toMatch(/^restore: refused: .* is not empty.*add --force to replace it$/m);
      const forced = await npmRun('restore', ['--from', file, '--force'], targetEnv);
      expect(forced.status, forced.stderr).toBe(0);
      if (pgOriginal) noSecret(pgOriginal.url, restore.stderr, again.stderr, forced.stderr);

      const restored = await openDatabase({
        databaseUrl: targetEnv.DATABASE_URL || undefined,
        dataDir: targetEnv.DATA_DIR,
      });
      try {
        await expectRestored(restored, before);
      } finally {
        await restored.close();
      }
    } finally {
      for (const step of cleanup) await step();
    }
  });
});

// On PostgreSQL only (TEST_DATABASE_URL): the embedded database has no password.
describe.each(DATABASES.filter((k) => k === 'postgres'))('the commands on %s', () => {
  it('never print the password of DATABASE_URL, even when they fail', { timeout: 120_000 }, async () => {
    const password = `pw-${randomBytes(8).toString('hex')}`;
    const server = new URL(process.env.TEST_DATABASE_URL as string);
    server.password = password;
    server.pathname = `/backup_test_missing_${randomBytes(4).toString('hex')}`;
    const env = {
      DATABASE_URL: server.toString(),
      DATA_DIR: tempDir('otc-backup-'),
    };
    const file = path.join(env.DATA_DIR, 'backup');
    const backup = await npmRun('backup', ['--out', file], env);
    expect(backup.status).toBe(1);
    expect(backup.stderr).toContain('backup: failed: pg_dump exited 1');
    // A file that reads as pg_dump's: the restore reaches the database (and fails there).
    writeFileSync(file, 'PGDMP not really');
    const restore = await npmRun('restore', ['--from', file], env);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(/^restore: failed: .*does not exist/m);
    for (const o of [backup.stdout, backup.stderr, restore.stdout, restore.stderr])
      expect(o).not.toContain(password);
  });
});
