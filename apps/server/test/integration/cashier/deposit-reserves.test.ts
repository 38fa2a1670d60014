import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveAddress } from '../../../src/cashier/deposit/queries.ts';
import { reservesReader } from '../../../src/cashier/deposit/reserves.ts';
import { registerUser } from '../support/accounts.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { FakeChain } from './fake-chain.ts';

/** Proof of reserves: the hot wallet's USDT and what is on deposit addresses, per chain, exactly. */
describe.each(DATABASES)('reserves on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  it('adds the hot wallet and every deposit address on each chain, and says which chain did not answer', async () => {
    const six = new FakeChain(800_001, 1, 6);
    const eighteen = new FakeChain(800_002, 1, 18);
    const user = await registerUser(s);
    const address = `0x${randomBytes(20).toString('hex')}`;
    await s.db.tx((q) => saveAddress(q, six.chainId, user.user.id, address));
    await s.db.tx((q) => saveAddress(q, eighteen.chainId, user.user.id, address));
    six.transfer(six.hotWallet, 1_000_000_000n);
    six.transfer(address, 12_345_678n);
    eighteen.transfer(address, 5n * 10n ** 17n);
    const broken = new FakeChain(800_003, 1, 6);
    broken.balanceOf = async () => {
      throw new Error('node down');
    };
    const read = reservesReader(s.ctx, {
      list: () => [six, eighteen, broken],
      depositAddress: async () => address,
    });
    const r = await read();
    expect(r.total).toBe('1012.845678');
    expect(r.chains).toEqual([
      expect.objectContaining({
        chainId: 800_001,
        hotWallet: '1000',
        depositAddresses: '12.345678',
        addresses: 1,
        error: null,
      }),
      expect.objectContaining({
        chainId: 800_002,
        hotWallet: '0',
        depositAddresses: '0.5',
        addresses: 1,
        error: null,
      }),
      expect.objectContaining({ chainId: 800_003, hotWallet: '0', error: 'node down' }),
    ]);
    // Read once a minute: a new transfer shows on the next reading, not on every call.
    six.transfer(address, 1_000_000n);
    expect((await read()).total).toBe('1012.845678');
  });
});
