import { randomUUID } from 'node:crypto';
import { canonicalDecimal, parseUnits } from '@otc/core';
import type { PositionDetail, PositionOrder } from '@otc/protocol/positions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBusChannel } from '../../../src/bus/user-channel.ts';
import { ADMIN, DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { contract, perpOrder, tick, trader } from './helpers.ts';

/**
 * Funding and the back office against the running engines: the engines' copies of a funded
 * position take the new margin in (a close afterwards releases exactly what is frozen), and an
 * operator's edit of the rules reaches the engines at once.
 */
describe.each(DATABASES)('funding and rules edits with the engines on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual', sessionDays: 365 });
    manualClock(s).set(Date.parse('2030-01-07T07:30:00Z'));
    tick(s, '60000');
    // The first run charges 00:00, before anything was open.
    await s.jobs.runDue();
  });
  afterAll(() => s.close());

  const stored = async (id: string) => {
    const [r] = await s.db.query<{ margin: string; funding: string }>(
      'SELECT margin::text AS margin, funding::text AS funding FROM positions WHERE id = $1',
      [id],
    );
    return { margin: canonicalDecimal(r?.margin ?? '0'), funding: canonicalDecimal(r?.funding ?? '0') };
  };

  it('charges a position the engines hold, which then closes on its funded margin', async () => {
    const u = await trader(s);
    const opened = await perpOrder(s, u.token);
    expect(opened.body.data.status).toBe('filled');
    const id = opened.body.data.positionId as string;
    expect(await stored(id)).toEqual({ margin: '600.12', funding: '0' });

    const heard: { kind: string; position?: { id: string; margin: string } }[] = [];
    const stop = s.bus.subscribe((m) => {
      if (m.channel === userBusChannel(u.user.id)) heard.push(m.data as (typeof heard)[number]);
    });
    manualClock(s).set(Date.parse('2030-01-07T08:00:00Z'));
    tick(s, '60000');
    await s.jobs.runDue();
    const after = await stored(id);
    // A long with the dealer short against it pays a positive rate out of its margin.
    expect(parseUnits(after.funding)).toBeGreaterThan(0n);
    expect(parseUnits(after.margin) + parseUnits(after.funding)).toBe(parseUnits('600.12'));
    expect((await contract(s, u.token)).frozen).toBe(after.margin);
    // The book's writer holds the funded margin too.
    const engine = s.positions.engines.get('BTC-PERP', 'demo');
    await expect
      .poll(
        () =>
          engine?.positions.get(id)?.margin && canonicalDecimal(engine.positions.get(id)?.margin as string),
      )
      .toBe(after.margin);

    // The owner's screens hear the funded margin on the private channel.
    await expect
      .poll(() =>
        heard.some(
          (e) => e.kind === 'position' && e.position?.id === id && e.position.margin === after.margin,
        ),
      )
      .toBe(true);
    stop();
    const closed = await s.api<PositionOrder>(
      '/api/contract/close',
      { id, idempotencyKey: randomUUID() },
      { token: u.token },
    );
    expect(closed.body.data, JSON.stringify(closed.body)).toMatchObject({
      status: 'filled',
      action: 'close',
    });
    expect((await contract(s, u.token)).frozen).toBe('0');
  });

  it('takes an operator’s edit of the rules into the engines at once', async () => {
    const admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    const saved = await s.api(
      '/api/admin/positions/rules/update',
      { symbol: 'BTC-PERP', spread: '0.0004' },
      { token: admin },
    );
    expect(saved.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await s.api<PositionDetail>('/api/contract/detail', { symbol: 'BTC-PERP' })).body.data.rules
            .spread,
      )
      .toBe('0.0004');
    // A market buy now fills at the mark plus the new spread: 60000 x 1.0004.
    const u = await trader(s);
    const opened = await s.api<PositionOrder>(
      '/api/contract/order',
      {
        symbol: 'BTC-PERP',
        side: 'long',
        type: 'market',
        lots: '0.01',
        leverage: 5,
        idempotencyKey: randomUUID(),
      },
      { token: u.token },
    );
    expect(opened.body.data).toMatchObject({ status: 'filled', fillPrice: '60024' });
  });
});
