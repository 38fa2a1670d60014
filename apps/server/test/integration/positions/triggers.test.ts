import { canonicalDecimal } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { contract, perpOrder, tick, trader } from './helpers.ts';

interface Row {
  id: string;
  status: string;
  closeReason: string | null;
  closePrice: string | null;
  lots: string;
  entry: string;
  margin: string;
}

/**
 * TP, SL and liquidation on the mark: the triggers the owner of the engines watches, fed by index
 * ticks (BTC-PERP follows BTC/USDT's index). Demo users: the demo realm's dealer and insurance fund.
 */
describe.each(DATABASES)('position triggers on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    tick(s, '60000');
  });
  afterAll(() => s.close());

  const open = async (u: Session, body: Record<string, unknown>) => {
    tick(s, '60000');
    const res = await perpOrder(s, u.token, body);
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ status: 'filled' });
    return res.body.data.positionId as string;
  };
  const row = async (id: string): Promise<Row> => {
    const [r] = await s.db.query<Row>(
      `SELECT id::text AS id, status, close_reason AS "closeReason", close_price::text AS "closePrice",
                lots::text AS lots, entry_price::text AS entry, margin::text AS margin
           FROM positions WHERE id = $1`,
      [id],
    );
    if (!r) throw new Error(`no position ${id}`);
    // Decimals as the wire writes them (the column's text has 18 places).
    return { ...r, closePrice: r.closePrice === null ? null : canonicalDecimal(r.closePrice) };
  };
  /** The system's close is asynchronous (the tick only submits it): wait for the position to close. */
  const closed = async (id: string) => {
    await expect.poll(async () => (await row(id)).status, { timeout: 10_000 }).toBe('closed');
    return row(id);
  };
  const closes = async (id: string) =>
    Number(
      (
        await s.db.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM position_orders WHERE position_id = $1 AND action IN ('close', 'liquidate')`,
          [id],
        )
      )[0]?.n,
    );
  const insurance = async () =>
    Number(
      (
        await s.db.query<{ b: string }>(
          `SELECT COALESCE(SUM(available), 0)::text AS b FROM ledger_accounts
            WHERE realm = 'demo' AND owner_type = 'platform' AND kind = 'insurance' AND asset = 'USDT'`,
        )
      )[0]?.b,
    );
  const notices = async (userId: string) =>
    (await s.db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_id = $1', [userId])).map(
      (n) => n.kind,
    );

  it('closes at market when the mark reaches the take-profit, once', async () => {
    const u = await trader(s);
    const id = await open(u, { tp: '61000', sl: '59000' });
    tick(s, '60500');
    expect((await row(id)).status).toBe('open');
    tick(s, '61000');
    // A long's TP sells at the mark less the spread (0.02%): 61000 x 0.9998.
    expect(await closed(id)).toMatchObject({ closeReason: 'tp', closePrice: '60987.8' });
    tick(s, '61500');
    tick(s, '60000');
    tick(s, '62000');
    expect(await closes(id)).toBe(1);
    expect((await contract(s, u.token)).frozen).toBe('0');
  });

  it('fills a stop-loss past its trigger on a gap, at the market', async () => {
    const u = await trader(s);
    const id = await open(u, { tp: '62000', sl: '59000' });
    tick(s, '59500');
    tick(s, '58000');
    // Gapped from 59500 to 58000 through the stop at 59000: sold at 58000 x 0.9998, not at 59000.
    expect(await closed(id)).toMatchObject({ closeReason: 'sl', closePrice: '57988.4' });
  });

  it('liquidates at the mark when the risk ratio reaches 100%, the rest of the margin to the insurance fund, and tells the user', async () => {
    const u = await trader(s);
    const id = await open(u, {});
    const before = await row(id);
    const fund = await insurance();
    const available = (await contract(s, u.token)).available;
    // 10x long of 0.1 at 60012 with 0.4% maintenance: liquidated at 60012 x 0.9 / 0.996 = 54227.7...
    tick(s, '54300');
    tick(s, '54228');
    expect((await row(id)).status).toBe('open');
    tick(s, '54200');
    expect(await closed(id)).toMatchObject({ closeReason: 'liquidation', closePrice: '54200' });
    // Loss (60012 - 54200) x 0.1 = 581.2 of the 600.12 margin; the fee (0.5% of 5420 = 27.1, capped
    // at 50) takes what is left, 18.92, into the insurance fund; nothing comes back to the user.
    const loss = (Number(before.entry) - 54200) * 0.1;
    expect(await insurance()).toBeCloseTo(fund + Number(before.margin) - loss, 8);
    expect(await contract(s, u.token)).toEqual({ available, frozen: '0' });
    expect(await notices(u.user.id)).toContain('position.liquidated');
  });

  it('takes a deficit beyond the margin from the insurance fund, then the dealer, never the user', async () => {
    const u = await trader(s);
    const id = await open(u, { sl: '58000' });
    const available = (await contract(s, u.token)).available;
    const fund = await insurance();
    expect(fund).toBeGreaterThan(0);
    // A gap from 60000 to 50000: loss 1001.2 on a 600.12 margin. The liquidation wins over the stop.
    tick(s, '50000');
    expect(await closed(id)).toMatchObject({ closeReason: 'liquidation', closePrice: '50000' });
    // The deficit (401.08) empties the fund; the dealer covers the rest; the user loses the margin only.
    expect(await insurance()).toBe(0);
    expect(await contract(s, u.token)).toEqual({ available, frozen: '0' });
    expect(await closes(id)).toBe(1);
  });

  it('reloads the triggers after a restart: a stop crossed fires on the first tick', async () => {
    const u = await trader(s);
    const id = await open(u, { sl: '59000' });
    s = await s.restart();
    tick(s, '58500');
    expect(await closed(id)).toMatchObject({ closeReason: 'sl', closePrice: '58488.3' });
  });
});
