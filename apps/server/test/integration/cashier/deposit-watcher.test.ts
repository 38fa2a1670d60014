import { randomBytes } from 'node:crypto';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveAddress } from '../../../src/cashier/deposit/queries.ts';
import { readScan, scanChain, writeScan } from '../../../src/cashier/deposit/watcher.ts';
import { noticesOf } from '../kyc/notices.ts';
import { registerUser } from '../support/accounts.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { FakeChain } from './fake-chain.ts';

/**
 * The watcher's rules against a chain in memory (the dev chain's own tests are in
 * deposits-dev-chain.test.ts): pending until confirmations, credited once per log, a restart goes on
 * from the stored cursor, a reorg drops what vanished, under the minimum never credited.
 */
describe.each(DATABASES)('the deposit watcher on %s', (kind) => {
  let s: TestServer;
  let chainIds = 900_000;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const newAddress = () => `0x${randomBytes(20).toString('hex')}`;
  const usdt = async (token: string) => {
    const o = (await s.api<AssetsOverview>('/api/assets/overview', {}, { token })).body.data;
    return (
      o.accounts.find((a) => a.kind === 'funding')?.balances.find((b) => b.asset === 'USDT')?.available ?? '0'
    );
  };
  const scan = (chain: FakeChain) => scanChain(s.db, chain, new Date());
  const depositsOf = (userId: string) =>
    s.db.query<{ status: string; amount: string; confirmations: number; journal_id: string | null }>(
      `SELECT status, amount::text AS amount, confirmations, journal_id::text AS journal_id FROM deposits WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
  /** A chain of its own per test, and a user with an address on it. */
  const setup = async (confirmations = 3, decimals = 6) => {
    const chain = new FakeChain(++chainIds, confirmations, decimals);
    const user = await registerUser(s);
    const address = newAddress();
    await s.db.tx((q) => saveAddress(q, chain.chainId, user.user.id, address));
    return { chain, user, address };
  };

  it('keeps a transfer pending until the chain’s confirmations, then credits the exact amount once', async () => {
    const { chain, user, address } = await setup(3, 6);
    await scan(chain);
    chain.transfer(address, 25_123_456n);
    const first = await scan(chain);
    expect(first.seen).toBe(1);
    expect(await depositsOf(user.user.id)).toMatchObject([
      { status: 'pending', amount: '25.123456000000000000', confirmations: 1 },
    ]);
    expect(await usdt(user.token)).toBe('0');

    chain.mine(1);
    await scan(chain);
    expect(await depositsOf(user.user.id)).toMatchObject([{ status: 'pending', confirmations: 2 }]);

    chain.mine(1);
    const third = await scan(chain);
    expect(third.credited).toEqual([user.user.id]);
    const [row] = await depositsOf(user.user.id);
    expect(row).toMatchObject({ status: 'credited', confirmations: 3 });
    expect(row?.journal_id).not.toBeNull();
    expect(await usdt(user.token)).toBe('25.123456');
    expect(await noticesOf(s, user.user.id)).toContainEqual(
      expect.objectContaining({
        kind: 'funding.deposit.credited',
        params: expect.objectContaining({ amount: '25.123456' }),
      }),
    );

    chain.mine(5);
    await scan(chain);
    expect(await usdt(user.token)).toBe('25.123456');
    const list = await s.api<{ items: { status: string; amount: string; txHash: string }[]; total: number }>(
      '/api/funding/deposit/list',
      {},
      { token: user.token },
    );
    expect(list.body.data).toMatchObject({ total: 1, items: [{ status: 'credited', amount: '25.123456' }] });
  });

  it('credits a log delivered twice once (a rescan from an older cursor reads it again)', async () => {
    const { chain, user, address } = await setup(2, 18);
    await scan(chain);
    chain.transfer(address, 11n * 10n ** 18n + 1n);
    chain.mine(3);
    await scan(chain);
    expect(await usdt(user.token)).toBe('11.000000000000000001');
    // The cursor is put back, as a second watcher or a lost commit would read the range again.
    await s.db.query('UPDATE deposit_cursors SET block_number = 0, block_hash = NULL WHERE chain_id = $1', [
      chain.chainId,
    ]);
    const again = await scan(chain);
    expect(again.seen).toBe(1);
    expect(again.credited).toEqual([]);
    expect(await depositsOf(user.user.id)).toHaveLength(1);
    expect(await usdt(user.token)).toBe('11.000000000000000001');
  });

  it('goes on from its stored cursor after a restart, missing nothing and crediting nothing twice', async () => {
    const { chain, user, address } = await setup(2);
    await scan(chain);
    chain.transfer(address, 12_000_000n);
    await scan(chain);
    s = await s.restart();
    const [cursor] = await s.db.query<{ block_number: string }>(
      'SELECT block_number::text AS block_number FROM deposit_cursors WHERE chain_id = $1',
      [chain.chainId],
    );
    expect(BigInt(cursor?.block_number ?? -1)).toBe(await chain.head());
    chain.transfer(address, 13_000_000n);
    chain.mine(2);
    const after = await scan(chain);
    expect(after.from).toBe(BigInt(cursor?.block_number ?? 0) + 1n);
    expect((await depositsOf(user.user.id)).map((d) => d.status)).toEqual(['credited', 'credited']);
    expect(await usdt(user.token)).toBe('25');
  });

  it('drops a pending deposit whose block a reorg took away, and never credits it', async () => {
    const { chain, user, address } = await setup(4);
    await scan(chain);
    const before = chain.height;
    chain.transfer(address, 50_000_000n);
    chain.mine(1);
    await scan(chain);
    expect(await depositsOf(user.user.id)).toMatchObject([{ status: 'pending' }]);
    chain.revertTo(before);
    chain.mine(3);
    const result = await scan(chain);
    expect(result.dropped).toBe(1);
    expect(await depositsOf(user.user.id)).toMatchObject([{ status: 'dropped' }]);
    chain.mine(5);
    await scan(chain);
    expect(await usdt(user.token)).toBe('0');
    expect(await depositsOf(user.user.id)).toMatchObject([{ status: 'dropped', journal_id: null }]);
  });

  it('writes nothing from a chain read whose cursor another scan moved before its write; nothing is doubled', async () => {
    const { chain, user, address } = await setup(2);
    await scan(chain);
    chain.transfer(address, 17_000_000n);
    chain.mine(2);
    // The chain is read outside the transaction; meanwhile another scan records and credits it.
    const early = await readScan(s.db, chain);
    expect(early.view?.transfers).toHaveLength(1);
    await scan(chain);
    const cursor = () =>
      s.db.query('SELECT block_number::text, block_hash FROM deposit_cursors WHERE chain_id = $1', [
        chain.chainId,
      ]);
    const moved = await cursor();
    const late = await s.db.tx((q) => writeScan(q, early, new Date()));
    expect(late).toMatchObject({ stale: true, seen: 0, credited: [], changed: [] });
    expect(await cursor()).toEqual(moved);
    expect(await depositsOf(user.user.id)).toMatchObject([{ status: 'credited' }]);
    expect(await usdt(user.token)).toBe('17');
  });

  it('a reorg between the chain read and its write: the deposit it recorded is dropped by the next scan, never credited', async () => {
    const { chain, user, address } = await setup(3);
    await scan(chain);
    const before = chain.height;
    chain.transfer(address, 18_000_000n);
    const read = await readScan(s.db, chain);
    chain.revertTo(before);
    chain.mine(4);
    const written = await s.db.tx((q) => writeScan(q, read, new Date()));
    expect(written.seen).toBe(1);
    expect(await depositsOf(user.user.id)).toMatchObject([{ status: 'pending' }]);
    // The cursor was stored with the vanished block's hash: the next scan steps back and drops it.
    const next = await scan(chain);
    expect(next.dropped).toBe(1);
    chain.mine(5);
    await scan(chain);
    expect(await depositsOf(user.user.id)).toMatchObject([{ status: 'dropped', journal_id: null }]);
    expect(await usdt(user.token)).toBe('0');
  });

  it('records a transfer under the minimum as such and never credits it; ignores addresses nobody owns', async () => {
    const { chain, user, address } = await setup(1);
    await scan(chain);
    chain.transfer(address, 9_999_999n);
    chain.transfer(newAddress(), 100_000_000n);
    chain.mine(3);
    const result = await scan(chain);
    expect(result.seen).toBe(1);
    expect(await depositsOf(user.user.id)).toMatchObject([
      { status: 'below_minimum', amount: '9.999999000000000000' },
    ]);
    expect(await usdt(user.token)).toBe('0');
    const [n] = await s.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM deposits WHERE chain_id = $1',
      [chain.chainId],
    );
    expect(n?.n).toBe('1');
  });
});
