import { randomUUID } from 'node:crypto';
import { formatUnits, parseUnits } from '@otc/core';
import type { Position, PositionOrder } from '@otc/protocol/positions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import type { PositionEngine } from '../../../src/positions/engine.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { contract, perpOrder, tick, trader } from './helpers.ts';

/**
 * A funding charge that commits after the engine read a position and before its close batch is
 * written: the close completes, the position's margin keeps the charge (never counted twice), and
 * what the user's contract balance moved is exactly the realised result less the fees and funding.
 */
describe.each(DATABASES)('a funding charge during a close on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual', sessionDays: 365 });
    manualClock(s).set(Date.parse('2030-01-07T07:30:00Z'));
    tick(s, '60000');
    // The first run charges 00:00, before anything was open.
    await s.jobs.runDue();
  });
  afterAll(() => s.close());

  const engine = () => s.positions.engines.get('BTC-PERP', 'demo') as PositionEngine;
  /** Orders the engine has taken but not yet matched (its queue is private: read for the test only). */
  const queued = () => (engine() as unknown as { queue: unknown[] }).queue.length;
  const funding = async (id: string) => {
    const [r] = await s.db.query<{ funding: string }>(
      'SELECT funding::text AS funding FROM positions WHERE id = $1',
      [id],
    );
    return parseUnits(r?.funding ?? '0');
  };

  /**
   * Runs `close` with the engine held, so its batch is queued with the engine's copy of the position
   * as it was; the funding due at `at` then commits, and the batch runs on the older copy.
   */
  async function closeAcrossFunding(at: string, close: () => Promise<PositionOrder>): Promise<PositionOrder> {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const held = engine().exclusive(() => gate);
    const closing = close();
    await expect.poll(queued).toBe(1);
    manualClock(s).set(Date.parse(at));
    tick(s, '60000');
    expect(await s.jobs.runDue()).toBeGreaterThan(0);
    release();
    await held;
    return closing;
  }

  it('closes partly, then fully, each across a funding charge, with the balance moved by exactly pnl - fees - funding', async () => {
    const u = await trader(s);
    const start = await contract(s, u.token);
    const total = (b: { available: string; frozen: string }) =>
      parseUnits(b.available) + parseUnits(b.frozen);
    const opened = await perpOrder(s, u.token);
    const id = opened.body.data.positionId as string;
    const close = (lots?: string) => () =>
      s
        .api<PositionOrder>(
          '/api/contract/close',
          { id, ...(lots ? { lots } : {}), idempotencyKey: randomUUID() },
          { token: u.token },
        )
        .then((r) => r.body.data);

    // Half at 08:00: the engine's copy holds the margin 600.12; the charge takes some of it meanwhile.
    const half = await closeAcrossFunding('2030-01-07T08:00:00Z', close('0.05'));
    expect(half).toMatchObject({ status: 'filled', action: 'close' });
    const charged = await funding(id);
    expect(charged).toBeGreaterThan(0n);
    const [left] = (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token: u.token }))
      .body.data.items;
    // The close is decided on the margin the charge left (as if the engine had read it after): half
    // of that is released (rounded down to 8 decimals), the rest stays; the charge is taken once.
    const funded = parseUnits('600.12') - charged;
    const released = (funded / 2n / 10n ** 10n) * 10n ** 10n;
    expect(left).toMatchObject({ id, lots: '0.05', margin: formatUnits(funded - released) });
    expect((await contract(s, u.token)).frozen).toBe(left?.margin);

    // The rest at 16:00, across the next charge.
    const rest = await closeAcrossFunding('2030-01-07T16:00:00Z', close());
    expect(rest).toMatchObject({ status: 'filled', action: 'close' });
    expect(await funding(id)).toBeGreaterThan(charged);
    const history = await s.api<{ items: Position[] }>('/api/contract/history', {}, { token: u.token });
    const closed = history.body.data.items.find((p) => p.id === id) as Position;
    expect(closed).toMatchObject({ status: 'closed', lots: '0' });
    expect(parseUnits(closed.funding)).toBe(await funding(id));
    const end = await contract(s, u.token);
    expect(end.frozen).toBe('0');
    // Everything the position did, against what the account moved: nothing lost or counted twice.
    expect(total(end) - total(start)).toBe(
      parseUnits(closed.realisedPnl) - parseUnits(closed.fees) - parseUnits(closed.funding),
    );
    expect(await checkLedger(s.db)).toEqual([]);
  });
});
