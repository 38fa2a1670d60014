import { formatUnits, signedByItsAddress } from '@otc/core';
import { tokenToUnits } from '@otc/core/cashier/deposit/deposits';
import type { DepositAddress } from '@otc/protocol/cashier/deposit/schemas';
import type { ProofReserves, ProofSnapshot } from '@otc/protocol/proof/schemas';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevChain, onDevChain, startDevChain } from '../chain/dev-chain.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';

/**
 * Proof of reserves on the local dev chain (decision 0141): with a snapshot, the hot wallet and each
 * deposit address holding USDT sign a statement naming the snapshot, the chain and a block; the
 * signatures recover to the addresses, the balances are the chain's at that block.
 */
describe.each(DATABASES)('proof of reserves on the dev chain, on %s', (kind) => {
  let dev: DevChain;
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    dev = await startDevChain();
    s = await startServer(kind, onDevChain(dev));
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await dev?.stop();
  });

  it('signs every address holding USDT at one block, naming the snapshot; a changed statement does not verify', async () => {
    const none = await s.api<ProofReserves>('/api/proof/reserves', {});
    expect(none.body.data).toEqual({ snapshotId: null, addresses: [] });

    const u = await registerUser(s);
    const deposit = await s.api<DepositAddress>(
      '/api/funding/deposit/address',
      { chainId: dev.chainId },
      { token: u.token },
    );
    const address = deposit.body.data.address as Address;
    await dev.transferUsdt(dev.deployer.key, address, '250.5');
    // An address that holds nothing is not listed.
    const empty = await registerUser(s);
    const emptyAddress = await addressOf(empty.token);

    const snapshot = (await s.api<ProofSnapshot>('/api/admin/proof/build', {}, { token: admin })).body.data;
    const reserves = (await s.api<ProofReserves>('/api/proof/reserves', {})).body.data;
    expect(reserves.snapshotId).toBe(snapshot.id);
    const onDev = reserves.addresses.filter((a) => a.chainId === dev.chainId);
    const hot = onDev.find((a) => a.kind === 'hot');
    const mine = onDev.find((a) => a.address === address.toLowerCase());
    expect(hot?.address).toBe(dev.hotWallet.address.toLowerCase());
    // 250.5 USDT sent by hand; the hot wallet's own balance read from the chain at the same block.
    expect(mine).toMatchObject({ kind: 'deposit', asset: 'USDT', balance: '250.5' });
    const block = BigInt(hot?.block ?? '0');
    expect(mine?.block).toBe(hot?.block);
    const hotUnits = await dev.client.readContract({
      address: dev.usdt as Address,
      abi: [
        {
          type: 'function',
          name: 'balanceOf',
          stateMutability: 'view',
          inputs: [{ name: 'a', type: 'address' }],
          outputs: [{ type: 'uint256' }],
        },
      ],
      functionName: 'balanceOf',
      args: [dev.hotWallet.address],
      blockNumber: block,
    });
    expect(hot?.balance).toBe(formatUnits(tokenToUnits(hotUnits, 6)));
    expect(onDev.some((a) => a.address === emptyAddress)).toBe(false);

    for (const a of onDev) {
      const statement = {
        snapshotId: snapshot.id,
        root: snapshot.root,
        chainId: a.chainId,
        block: a.block,
        address: a.address,
      };
      expect(a.signature).toMatch(/^0x[0-9a-f]{130}$/);
      expect(signedByItsAddress(statement, a.signature as string)).toBe(true);
      // The same signature does not prove another snapshot, block or address.
      expect(signedByItsAddress({ ...statement, snapshotId: `${snapshot.id}0` }, a.signature as string)).toBe(
        false,
      );
      expect(signedByItsAddress({ ...statement, block: `${block + 1n}` }, a.signature as string)).toBe(false);
    }
  });

  async function addressOf(token: string) {
    const res = await s.api<DepositAddress>(
      '/api/funding/deposit/address',
      { chainId: dev.chainId },
      { token },
    );
    return res.body.data.address.toLowerCase();
  }
});
