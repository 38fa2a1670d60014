import { randomUUID } from 'node:crypto';
import { canonicalDecimal, formatUnits, parseUnits } from '@otc/core';
import { phoneCountry } from '@otc/protocol/auth/phone-country';
import type { Session } from '@otc/protocol/auth/schemas';
import type { Position, PositionDetail, PositionOrder } from '@otc/protocol/positions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TriggerBook } from '../../../src/positions/trigger/book.ts';
import { marginBrackets, openPositions } from '../../../src/positions/trigger/store.ts';
import { contract, tick } from '../positions/helpers.ts';
import { deposit, PASSWORD } from '../support/accounts.ts';
import { DATABASES, lastOutboxCode, startServer, type TestServer, uniquePhone } from '../support/harness.ts';

/**
 * ESMA's margin close-out (decision 0150): a UK user's position is closed when its equity falls to
 * 50% of the initial margin it needs at the mark (notional / leverage), held per position as a floor
 * under the maintenance brackets (0.5 / leverage); a user of a country without a profile keeps the
 * instrument's brackets alone. Live users (a demo account has no country).
 */
describe.each(DATABASES)('margin close-out by country on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    tick(s, '60000');
  });
  afterAll(() => s.close());

  /** A live user signed up with a phone of `country` (+44 7400-7409: GB; +44 7700: mostly Jersey's), funded. */
  async function phoneUser(country: 'GB' | 'JE', usdt: string): Promise<Session> {
    const numbered = () => (country === 'GB' ? uniquePhone().replace('+44770', '+44740') : uniquePhone());
    let phone = numbered();
    while (phoneCountry(phone) !== country) phone = numbered();
    await s.api('/api/auth/sendsms', { phone, purpose: 'register' });
    const code = await lastOutboxCode(s.db, phone);
    const res = await s.api<Session>('/api/auth/register', {
      type: 'mobile',
      account: phone,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    expect(res.body.code).toBe(200);
    const u = res.body.data;
    await deposit(s, u.user.id, 'USDT', usdt);
    const moved = await s.api(
      '/api/credit/transfer',
      { from: 'funding', to: 'contract', asset: 'USDT', amount: usdt, idempotencyKey: randomUUID() },
      { token: u.token },
    );
    expect(moved.status).toBe(200);
    return u;
  }
  const detail = (token: string) =>
    s.api<PositionDetail>('/api/contract/detail', { symbol: 'BTC-PERP' }, { token });
  /** A 2x market long of 0.1 BTC-PERP at the mark 60000: it fills at 60012 (the 0.02% spread). */
  const long2x = async (token: string) => {
    const res = await s.api<PositionOrder>(
      '/api/contract/order',
      {
        symbol: 'BTC-PERP',
        side: 'long',
        type: 'market',
        lots: '0.1',
        leverage: 2,
        idempotencyKey: randomUUID(),
      },
      { token },
    );
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ status: 'filled', fillPrice: '60012' });
    return res.body.data.positionId as string;
  };
  const positions = async (token: string) =>
    (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token })).body.data.items;
  const stored = async (id: string) => {
    const [r] = await s.db.query<{ status: string; close_reason: string | null; close_out: string }>(
      'SELECT status, close_reason, close_out::text AS close_out FROM positions WHERE id = $1',
      [id],
    );
    if (!r) throw new Error(`no position ${id}`);
    return { ...r, close_out: canonicalDecimal(r.close_out) };
  };

  it("closes a UK user's 2x BTC perpetual at 50% of its initial margin; a Jersey user's same position stays open", async () => {
    tick(s, '60000');
    const uk = await phoneUser('GB', '5000');
    const je = await phoneUser('JE', '5000');
    // The detail tells a signed-in caller their country's close-out (the ticket applies it).
    expect((await detail(uk.token)).body.data.rules).toMatchObject({ maxLeverage: 2, closeOutLevel: '0.5' });
    expect((await detail(je.token)).body.data.rules).toMatchObject({ maxLeverage: 100, closeOutLevel: null });

    const ukId = await long2x(uk.token);
    const jeId = await long2x(je.token);
    // The floor is 0.5 / 2 = 0.25, stored with the position at opening; none for Jersey.
    expect((await stored(ukId)).close_out).toBe('0.25');
    expect((await stored(jeId)).close_out).toBe('0');
    const [ukPos] = await positions(uk.token);
    const [jePos] = await positions(je.token);
    // Notional 0.1 x 60012 = 6001.2, margin 6001.2 / 2 = 3000.6.
    expect(ukPos).toMatchObject({ id: ukId, margin: '3000.6', closeOut: '0.25', leverage: 2 });
    // UK: 3000.6 + (P - 60012) x 0.1 = 0.25 x 0.1 x P  =>  P = 3000.6 / 0.075 = 40008. There the
    // initial margin is 0.1 x 40008 / 2 = 2000.4, half of it 1000.2, and the equity
    // 3000.6 - (60012 - 40008) x 0.1 = 1000.2.
    expect(ukPos?.liquidationPrice).toBe('40008');
    // Jersey: the brackets alone (0.4% up to 50,000 USDT): P = 3000.6 / (0.1 x 0.996)
    // = 30126.506024096385542168674...: rounded up.
    expect(jePos).toMatchObject({ id: jeId, closeOut: '0', liquidationPrice: '30126.506024096385542169' });
    // A restart rebuilds the trigger book from the stored rows: the floor comes back with them, and
    // the rebuilt book closes the UK position where the running one does (40008), not a tick before.
    const brackets = await marginBrackets(s.db, 'BTC-PERP');
    const rebuilt = new TriggerBook({
      brackets: (symbol) => brackets.get(symbol),
      submit: async () => undefined,
    });
    for (const w of await openPositions(s.db, [ukId, jeId])) rebuilt.track(w);
    expect(rebuilt.tick('BTC-PERP', '40008.1')).toEqual([]);
    expect(rebuilt.tick('BTC-PERP', '40008')).toEqual([{ positionId: ukId, reason: 'liquidation' }]);
    // At 50,000 the UK position's risk ratio is 0.25 x 5000 / (3000.6 - 1001.2) = 1250 / 1999.4,
    // rounded up: 0.625187556266880065.
    tick(s, '50000');
    await expect.poll(async () => (await positions(uk.token))[0]?.riskRatio).toBe('0.625187556266880065');

    // One tick short of it both stay open; at 40008 the UK's closes, Jersey's at the same mark does not.
    tick(s, '40008.1');
    expect((await stored(ukId)).status).toBe('open');
    const before = (await contract(s, uk.token)).available;
    tick(s, '40008');
    await expect.poll(async () => (await stored(ukId)).status, { timeout: 10_000 }).toBe('closed');
    expect(await stored(ukId)).toMatchObject({ close_reason: 'liquidation' });
    expect(await stored(jeId)).toMatchObject({ status: 'open', close_out: '0' });
    expect(await positions(je.token)).toHaveLength(1);
    // Closed at the mark with equity left: 1000.2 less the liquidation fee (0.5% of 4000.8 = 20.004)
    // comes back, 980.196: what ESMA's close-out is for.
    const after = (await contract(s, uk.token)).available;
    expect(formatUnits(parseUnits(after) - parseUnits(before))).toBe('980.196');
    // 5000 less the opening fee (0.05% of 6001.2 = 3.0006) and the loss (2000.4) and that fee.
    expect(await contract(s, uk.token)).toEqual({ available: '2976.5954', frozen: '0' });
  });

  it('a resting limit entry carries the floor to its fill; a demo account has none', async () => {
    tick(s, '60000');
    const uk = await phoneUser('GB', '5000');
    const res = await s.api<PositionOrder>(
      '/api/contract/order',
      {
        symbol: 'BTC-PERP',
        side: 'long',
        type: 'limit',
        price: '59000',
        lots: '0.1',
        leverage: 2,
        idempotencyKey: randomUUID(),
      },
      { token: uk.token },
    );
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ status: 'open' });
    const [order] = await s.db.query<{ close_out: string }>(
      'SELECT close_out::text AS close_out FROM position_orders WHERE id = $1',
      [res.body.data.id],
    );
    expect(canonicalDecimal(order?.close_out ?? '')).toBe('0.25');
    // At the mark 58980 the dealer's ask is 58980 x 1.0002 = 58991.796, 58991.8 to the tick: better
    // than the limit, it fills there.
    tick(s, '58980');
    await expect.poll(async () => (await positions(uk.token)).length).toBe(1);
    const [p] = await positions(uk.token);
    // 0.1 at 58991.8: margin 2949.59; P = 2949.59 / 0.075 = 39327.8666...: up.
    expect(p).toMatchObject({ entryPrice: '58991.8', margin: '2949.59', closeOut: '0.25' });
    expect(p?.liquidationPrice).toBe('39327.866666666666666667');

    // A demo account practises under the platform's own rules: no floor.
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    expect((await detail(demo.token)).body.data.rules.closeOutLevel).toBeNull();
  });
});
