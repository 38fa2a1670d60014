import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { feedOwnership } from '../../../src/market/ownership.ts';

const URLS = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];
const quick = { retryMs: 50 };

describe('feed ownership on a shared database', () => {
  it('is always this process on the embedded database', async () => {
    const solo = feedOwnership(undefined, quick);
    await expect(solo.acquired).resolves.toBeUndefined();
    await solo.release();
  });

  it.each(URLS)(
    'goes to one engine at a time, and a standby takes over when the owner stops (%s)',
    async (url) => {
      const first = feedOwnership(url, quick);
      await first.acquired;
      const second = feedOwnership(url, quick);
      let secondOwns = false;
      void second.acquired.then(() => {
        secondOwns = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(secondOwns).toBe(false);
      await first.release();
      await second.acquired;
      expect(secondOwns).toBe(true);
      await second.release();
    },
  );

  it.each(URLS)(
    'tells the owner once when its lock connection is killed, while a standby takes the role (%s)',
    async (url) => {
      const lost: Error[] = [];
      const first = feedOwnership(url, { ...quick, onLost: (e) => lost.push(e) });
      await first.acquired;
      const second = feedOwnership(url, quick);
      // An operator ends the owner's session: PostgreSQL releases its advisory lock with it.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT l.pid FROM pg_locks l
            WHERE l.locktype = 'advisory' AND l.granted
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
              AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext(current_schema() || ':market-feed')::bigint`,
        );
        expect(rows).toHaveLength(1);
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      } finally {
        await admin.end();
      }
      await second.acquired;
      await new Promise((r) => setTimeout(r, 100));
      // Heard (no unhandled 'error' event ending the process by accident), and told once.
      expect(lost).toHaveLength(1);
      await first.release();
      await second.release();
      expect(lost).toHaveLength(1);
    },
  );
});
