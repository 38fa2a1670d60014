import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { advisoryOwnership, Fence, FencedError } from '../../../src/db/ownership.ts';
import { openPostgres } from '../../../src/db/postgres.ts';
import { freshDatabase } from '../support/harness.ts';

const URLS = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];
const ROLE = 'spot-engines';

/** Ends the session holding the role's advisory lock, as an operator (or a network cut) would. */
async function terminateLockHolder(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT l.pid FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.granted
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext(current_schema() || ':' || $1)::bigint`,
      [ROLE],
    );
    expect(rows).toHaveLength(1);
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
  } finally {
    await admin.end();
  }
}

/**
 * The fencing token through the real takeover (decision 0148): two owners of one role in this
 * process, each with its own lock connection, on a fresh PostgreSQL database.
 */
describe('the engines role fencing token on PostgreSQL', () => {
  it.each(URLS)(
    'a standby that takes the lock takes the next generation only after the old owner’s checked write has committed; the old owner is refused from then on (%s)',
    async (_server) => {
      const database = await freshDatabase();
      const db = await openPostgres(database.url, { max: 4 });
      const lost: Error[] = [];
      const fa = new Fence(ROLE);
      const a = advisoryOwnership(database.url, ROLE, {
        retryMs: 50,
        fence: fa,
        onLost: (e) => lost.push(e),
      });
      const fb = new Fence(ROLE);
      let b: ReturnType<typeof advisoryOwnership> | undefined;
      // Ends the owner's write in flight (in `finally` too, so a failed assertion does not hang it).
      let finish: () => void = () => undefined;
      try {
        await a.acquired;
        const first = fa.held as string;
        expect(first).toMatch(/^\d+$/);
        await db.query('CREATE TABLE marks (n int)');

        // The owner's write transaction has checked its generation (holding the row's share lock)
        // and is still writing when its lock's session is ended and a standby takes the lock.
        const order: string[] = [];
        let checked: () => void = () => undefined;
        const isChecked = new Promise<void>((r) => {
          checked = r;
        });
        const finishing = new Promise<void>((r) => {
          finish = r;
        });
        const write = db
          .tx(async (q) => {
            await fa.check(q);
            checked();
            await q.query('INSERT INTO marks VALUES (1)');
            await finishing;
          })
          .then(() => order.push('old owner committed'));
        await isChecked;
        b = advisoryOwnership(database.url, ROLE, { retryMs: 50, fence: fb });
        void b.acquired.then(() => order.push('new owner took the role'));
        await terminateLockHolder(database.url);
        // The old owner hears its session end (a busy machine may take a while to say so)...
        await expect.poll(() => lost.length, { timeout: 15_000 }).toBe(1);
        expect(fa.held).toBeUndefined();
        // ...and the standby, retrying every 50 ms, holds the lock, but its generation waits for the
        // write in flight.
        await new Promise((r) => setTimeout(r, 400));
        expect(order).toEqual([]);
        finish();
        await write;
        await b.acquired;
        expect(order).toEqual(['old owner committed', 'new owner took the role']);
        expect(BigInt(fb.held as string)).toBe(BigInt(first) + 1n);
        // What the new owner's recovery reads holds the old owner's committed write.
        expect(await db.query('SELECT n FROM marks')).toEqual([{ n: 1 }]);

        // The old owner's next write is refused, and writes nothing.
        await expect(
          db.tx(async (q) => {
            await fa.check(q);
            await q.query('INSERT INTO marks VALUES (2)');
          }),
        ).rejects.toBeInstanceOf(FencedError);
        // A process that never heard of the loss (its fence still on the old generation) is
        // refused by the database: a third fence takes the role, and the second one is stale.
        const fc = new Fence(ROLE);
        await fc.take(db);
        const fenced: Error[] = [];
        fb.onFenced = (e) => fenced.push(e);
        await expect(
          db.tx(async (q) => {
            await fb.check(q);
            await q.query('INSERT INTO marks VALUES (3)');
          }),
        ).rejects.toBeInstanceOf(FencedError);
        expect(fenced).toHaveLength(1);
        expect(fb.held).toBeUndefined();
        expect(await db.query('SELECT n FROM marks ORDER BY n')).toEqual([{ n: 1 }]);
      } finally {
        finish();
        await b?.release();
        await a.release();
        await db.close();
        await database.drop();
      }
    },
    30_000,
  );
});
