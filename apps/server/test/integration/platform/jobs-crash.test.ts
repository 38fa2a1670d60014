import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/open.ts';
import { ManualClock } from '../../../src/platform/clock.ts';
import { Jobs } from '../../../src/platform/jobs/jobs.ts';
import { CRASH_LEASE_MS, crashJob } from '../../fixtures/crash-job.ts';
import { childDatabaseUrl, count, DATABASES } from '../support/harness.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

/**
 * Runs the child (fixtures/job-crash-child.ts) until its job is midway, work written but not
 * committed, and kills it with SIGKILL there.
 */
async function killMidway(env: Record<string, string>): Promise<void> {
  // One process (node with tsx's loader, not the tsx wrapper), so SIGKILL stops the runner itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fixtures/job-crash-child.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', process.env.CRASH_DEBUG ? 'inherit' : 'ignore'],
    env: { ...process.env, ...env },
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the child never got midway')), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('midway')) {
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
}

describe.each(DATABASES)('a job killed midway on %s', (kind) => {
  const databaseUrl = childDatabaseUrl(kind);

  it('leaves nothing of its work, waits out the lease, then runs again exactly once', {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-job-crash-'));
    await killMidway({ DATABASE_URL: databaseUrl(), DATA_DIR: dataDir });

    const db = await openDatabase({ databaseUrl: databaseUrl() || undefined, dataDir });
    try {
      // The row the dead process wrote was never committed.
      expect(await count(db, 'job_marks')).toBe(0);
      const clock = new ManualClock(Date.now());
      const jobs = new Jobs(db, clock, pino({ level: 'silent' }));
      jobs.define([crashJob(async () => undefined)]);

      // Its claim holds until the lease runs out: nobody takes the job over before.
      expect(await jobs.runDue()).toBe(0);
      clock.advance(CRASH_LEASE_MS + 1_000);
      expect(await jobs.runDue()).toBe(1);

      expect(await count(db, 'job_marks')).toBe(1);
      const [job] = await db.query<{ status: string; attempts: number; last_result: string }>(
        `SELECT status, attempts, last_result FROM jobs WHERE name = 'test.crash'`,
      );
      // The killed run counted as the first attempt; the takeover's completion came with its work.
      expect(job).toEqual({ status: 'done', attempts: 2, last_result: 'ok' });
      const runs = await db.query<{ attempt: number; ok: boolean }>(
        `SELECT attempt, ok FROM job_runs WHERE name = 'test.crash'`,
      );
      expect(runs).toEqual([{ attempt: 2, ok: true }]);
      // Done is done: it never runs again.
      clock.advance(24 * 60 * 60 * 1000);
      expect(await jobs.runDue()).toBe(0);
      expect(await count(db, 'job_marks')).toBe(1);
    } finally {
      await db.close();
    }
  });
});
