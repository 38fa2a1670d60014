import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { canonicalDecimal } from '@otc/core';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { checkLedger } from '../../../src/areas.ts';
import { loadConfig } from '../../../src/config.ts';
import { openDatabase } from '../../../src/db/open.ts';
import { ManualClock } from '../../../src/platform/clock.ts';
import { childDatabaseUrl, DATABASES } from '../support/harness.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

/** Runs the child until its contract is bought and its ticks stored, then kills it with SIGKILL. */
async function buyAndDie(env: Record<string, string>): Promise<{ id: string; buyTs: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/fixtures/seconds-crash-child.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', process.env.CRASH_DEBUG ? 'inherit' : 'ignore'],
      env: { ...process.env, ...env },
    },
  );
  const said = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the child never bought')), 90_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n')) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before buying`)));
  });
  child.kill('SIGKILL');
  await new Promise<void>((r) =>
    child.signalCode !== null || child.exitCode !== null ? r() : child.once('exit', () => r()),
  );
  return JSON.parse(said) as { id: string; buyTs: number };
}

describe.each(DATABASES)('a seconds contract due while no process ran, on %s', (kind) => {
  const databaseUrl = childDatabaseUrl(kind);

  it('settles from the stored ticks when a process comes back, once', { timeout: 150_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-seconds-crash-'));
    const start = Date.now();
    const { id, buyTs } = await buyAndDie({
      DATABASE_URL: databaseUrl(),
      DATA_DIR: dataDir,
      START_MS: String(start),
    });

    const db = await openDatabase({ databaseUrl: databaseUrl() || undefined, dataDir });
    // The process comes back a minute after delivery.
    const clock = new ManualClock(buyTs + 90_000);
    const config = {
      ...loadConfig({}),
      logLevel: 'silent' as const,
      marketFeed: 'off' as const,
      marketHistory: false,
      webDist: '/nonexistent',
      adminDist: '/nonexistent',
      adminEmail: 'crash@test.local',
      adminPassword: 'Crash-pass-1234',
    };
    const { app, jobs } = await buildApp({ config, db, clock, logStream: new PassThrough() });
    try {
      const row = async () =>
        (
          await db.query<{
            status: string;
            result: string | null;
            settle_price: string | null;
            settle_ts: Date | null;
          }>(
            `SELECT status, result, settle_price::text AS settle_price, settle_ts FROM seconds_orders WHERE id = $1`,
            [id],
          )
        )[0];
      // Down when it fell due: nothing settled it.
      expect(await row()).toMatchObject({ status: 'trading', result: null });

      await jobs.runDue();
      const settled = await row();
      // The last stored tick at or before delivery (+10 s, higher), not the one after it (lower).
      expect(settled).toMatchObject({ status: 'completed', result: 'win' });
      expect(canonicalDecimal(settled?.settle_price ?? '')).toBe('60050');
      expect(new Date(settled?.settle_ts ?? 0).getTime()).toBe(buyTs + 10_000);

      // Once: later runs move nothing.
      clock.advance(60_000);
      await jobs.runDue();
      const [n] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM journal WHERE kind = 'seconds.settle' AND reference = $1`,
        [id],
      );
      expect(n?.n).toBe('1');
      expect(await checkLedger(db)).toEqual([]);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
