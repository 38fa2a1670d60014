import type { PositionDetail } from '@otc/protocol/positions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../src/db/db.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { testUser } from './fixture.ts';

const DAY = 86_400_000;

interface Closed {
  userId: string;
  realm?: 'live' | 'demo';
  product: 'perp' | 'cfd';
  realised: string;
  fees: string;
  stampDuty?: string;
  /** Signed: + paid by the user, - received. */
  funding?: string;
  closedAt: number;
  status?: 'open' | 'closed';
}

/** A position as its last close left it (no lots, no margin), with the money it made and cost. */
async function closedPosition(q: Queryable, p: Closed): Promise<void> {
  const at = new Date(p.closedAt).toISOString();
  await q.query(
    `INSERT INTO positions (user_id, realm, symbol, product, side, lots, entry_price, leverage, margin, fees,
       stamp_duty, funding, realised_pnl, close_price, close_reason, status, opened_at, closed_at, updated_at)
     VALUES ($1, $2, $3, $4, 'long', 0, 100, 10, 0, $5, $6, $7, $8, 100, 'user', $9, $10::timestamptz,
       $11::timestamptz, $10::timestamptz)`,
    [
      p.userId,
      p.realm ?? 'live',
      p.product === 'perp' ? 'BTC-PERP' : 'AAPL',
      p.product,
      p.fees,
      p.stampDuty ?? '0',
      p.funding ?? '0',
      p.realised,
      p.status ?? 'closed',
      new Date(p.closedAt - DAY).toISOString(),
      p.status === 'open' ? null : at,
    ],
  );
}

/**
 * The standard risk warning's measured figure (issue 29, rules by jurisdiction): the share of live
 * accounts that lost money on the product over the last 12 months, from each account's positions
 * closed in the window: realised PnL less fees, stamp duty and funding paid. Every figure by hand.
 */
describe.each(DATABASES)('the risk warning’s share of losing accounts on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual', positionsLossShareMinAccounts: 3 });
  });
  afterAll(() => s.close());

  const detail = async (product: 'perp' | 'cfd', symbol: string) =>
    (
      await s.api<PositionDetail>(product === 'perp' ? '/api/contract/detail' : '/api/stock/detail', {
        symbol,
      })
    ).body.data;

  it('counts each live account once per product, by its net result over the window; demo, open and older positions are not counted', async () => {
    const now = s.clock.now();
    const [a, b, c, d, f] = [
      await testUser(s.db),
      await testUser(s.db),
      await testUser(s.db),
      await testUser(s.db),
      await testUser(s.db),
    ];
    const demo = await testUser(s.db, 'demo');
    await s.db.tx(async (q) => {
      // Perpetuals. A: 10 - 4 - 6.5 of funding paid = -0.5: a loss only because funding is counted.
      await closedPosition(q, {
        userId: a,
        product: 'perp',
        realised: '10',
        fees: '4',
        funding: '6.5',
        closedAt: now - DAY,
      });
      // B: 2 - 2.5 + 1 of funding received = +0.5: no loss only because received funding is income.
      await closedPosition(q, {
        userId: b,
        product: 'perp',
        realised: '2',
        fees: '2.5',
        funding: '-1',
        closedAt: now - 2 * DAY,
      });
      // C: (-5 - 1) + (5.5 - 0.5) = -1 over two positions: one losing account.
      await closedPosition(q, {
        userId: c,
        product: 'perp',
        realised: '-5',
        fees: '1',
        closedAt: now - 3 * DAY,
      });
      await closedPosition(q, {
        userId: c,
        product: 'perp',
        realised: '5.5',
        fees: '0.5',
        closedAt: now - 300 * DAY,
      });
      // Not counted: D's loss closed 366 days ago, a demo account's loss, F's position still open.
      await closedPosition(q, {
        userId: d,
        product: 'perp',
        realised: '-100',
        fees: '1',
        closedAt: now - 366 * DAY,
      });
      await closedPosition(q, {
        userId: demo,
        realm: 'demo',
        product: 'perp',
        realised: '-50',
        fees: '1',
        closedAt: now - DAY,
      });
      await closedPosition(q, {
        userId: f,
        product: 'perp',
        realised: '0',
        fees: '2',
        closedAt: now - DAY,
        status: 'open',
      });
      // CFDs, counted apart (together, A, B and C would each have one net: 1 of 3 losing for both).
      // A: 1 - 0.25 - 0.75 stamp duty = 0: broke even, not a loss; B: 2 - 1 - 1.25 stamp duty = -0.25
      // (the stamp duty makes it a loss); C: 3 - 1 = +2.
      await closedPosition(q, {
        userId: a,
        product: 'cfd',
        realised: '1',
        fees: '0.25',
        stampDuty: '0.75',
        closedAt: now - DAY,
      });
      await closedPosition(q, {
        userId: b,
        product: 'cfd',
        realised: '2',
        fees: '1',
        stampDuty: '1.25',
        closedAt: now - DAY,
      });
      await closedPosition(q, { userId: c, product: 'cfd', realised: '3', fees: '1', closedAt: now - DAY });
    });

    // Perpetuals: A, B, C counted (3 accounts), A and C lost: 2/3, to the decimals' 18 places rounded down.
    expect((await detail('perp', 'BTC-PERP')).lossShare).toEqual({
      share: '0.666666666666666666',
      accounts: 3,
      days: 365,
    });
    // CFDs: B lost: 1/3.
    expect((await detail('cfd', 'AAPL')).lossShare).toEqual({
      share: '0.333333333333333333',
      accounts: 3,
      days: 365,
    });
  });
});

describe('below the minimum of accounts', () => {
  it('shows no figure: a share of a handful says nothing', async () => {
    const s = await startServer('pglite', { clock: 'manual', positionsLossShareMinAccounts: 3 });
    try {
      const now = s.clock.now();
      for (const realised of ['-1', '-2'])
        await closedPosition(s.db, {
          userId: await testUser(s.db),
          product: 'perp',
          realised,
          fees: '0',
          closedAt: now - DAY,
        });
      const shown = (await s.api<PositionDetail>('/api/contract/detail', { symbol: 'BTC-PERP' })).body.data;
      expect(shown.lossShare).toBeNull();
    } finally {
      await s.close();
    }
  });
});
