import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import { openDatabase } from '../../../src/db/open.ts';
import { seedCatalogue } from '../../../src/market/catalogue.ts';
import { ManualClock } from '../../../src/platform/clock.ts';
import { Jobs } from '../../../src/platform/jobs/jobs.ts';
import { positionJobs } from '../../../src/positions/jobs.ts';
import { childDatabaseUrl, count, DATABASES } from '../support/harness.ts';
import { openTestPosition, positionRow, setPositionRules, testUser } from './fixture.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const FUNDING_TIME = Date.parse('2030-01-07T08:00:00Z');
/** The job's default lease: a killed run's claim holds this long. */
const LEASE_MS = 5 * 60_000;

/** Runs the child until its funding run has charged everything uncommitted, and kills it there. */
async function killMidway(env: Record<string, string>): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/fixtures/funding-crash-child.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', process.env.CRASH_DEBUG ? 'inherit' : 'ignore'],
      env: { ...process.env, ...env },
    },
  );
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the child never got midway')), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('charged')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before midway`)));
  });
  child.kill('SIGKILL');
  await new Promise<void>((r) =>
    child.signalCode !== null || child.exitCode !== null ? r() : child.once('exit', () => r()),
  );
  return out;
}

describe.each(DATABASES)('funding killed midway on %s', (kind) => {
  const databaseUrl = childDatabaseUrl(kind);

  it('leaves no payment behind, and the restart charges the due funding exactly once', {
    timeout: 180_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-funding-crash-'));
    const open = () => openDatabase({ databaseUrl: databaseUrl() || undefined, dataDir });
    let db = await open();
    const ids: string[] = [];
    try {
      // The instruments (funding charges perpetuals), as every start seeds them.
      await seedCatalogue(db);
      await setPositionRules(db, 'BTC-PERP', { exposureCap: '10' });
      const openedAt = FUNDING_TIME - 3_600_000;
      ids.push(
        await openTestPosition(db, {
          userId: await testUser(db),
          side: 'long',
          lots: '2',
          entry: '100',
          margin: '20',
          openedAt,
        }),
      );
      ids.push(
        await openTestPosition(db, {
          userId: await testUser(db),
          side: 'short',
          lots: '1',
          entry: '100',
          margin: '10',
          openedAt,
        }),
      );
    } finally {
      // PGlite: one process at a time holds the data directory.
      await db.close();
    }

    const now = FUNDING_TIME + 30_000;
    // The child charged both positions in its run's transaction, then died before the commit.
    expect(
      await killMidway({ DATABASE_URL: databaseUrl(), DATA_DIR: dataDir, FUNDING_NOW: String(now) }),
    ).toContain('midway 2 charged');

    db = await open();
    try {
      // The dead run's charges were never committed.
      expect(await count(db, 'funding_payments')).toBe(0);
      expect(await count(db, 'funding_rates')).toBe(0);
      expect(await positionRow(db, ids[0] as string)).toMatchObject({ margin: '20.000000000000000000' });

      const clock = new ManualClock(now);
      const jobs = new Jobs(db, clock, pino({ level: 'silent' }));
      jobs.define(positionJobs(pino({ level: 'silent' }), { mark: () => '100' }));
      // Its claim holds until the lease runs out; then the restart does the due funding, once.
      expect(await jobs.runDue()).toBe(0);
      clock.advance(LEASE_MS + 1_000);
      expect(await jobs.runDue()).toBe(1);
      expect(await count(db, 'funding_payments')).toBe(2);
      // Net +1 of 10 => 0.00085: the long pays 0.17, the short receives 0.085.
      expect(await positionRow(db, ids[0] as string)).toMatchObject({
        margin: '19.830000000000000000',
        funding: '0.170000000000000000',
      });
      expect(await positionRow(db, ids[1] as string)).toMatchObject({
        margin: '10.085000000000000000',
        funding: '-0.085000000000000000',
      });

      // Later in the same period: nothing more is charged.
      clock.advance(60_000);
      expect(await jobs.runDue()).toBe(1);
      expect(await count(db, 'funding_payments')).toBe(2);
      expect(await checkLedger(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
