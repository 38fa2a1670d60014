import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  recoverSigner,
  reserveRatio,
  reserveStatement,
  signedByItsAddress,
  summarizeReserves,
} from '../../src/proof/reserves.ts';

// Anvil's first well-known development key: its address is public knowledge.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const statement = {
  snapshotId: '12',
  root: 'ab'.repeat(32),
  chainId: 31337,
  block: '4096',
  address: account.address,
};

describe('proof of reserves: signed statements', () => {
  it('writes the statement a person reads, one field a line, the address in lower case', () => {
    expect(reserveStatement(statement)).toBe(
      [
        'OTC Markets proof of reserves',
        'snapshot: 12',
        `root: ${'ab'.repeat(32)}`,
        'chain: 31337',
        'block: 4096',
        'address: 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      ].join('\n'),
    );
  });

  it("recovers the signer of a wallet's personal_sign (viem, a second implementation) and refuses any change", async () => {
    const signature = await account.signMessage({ message: reserveStatement(statement) });
    expect(recoverSigner(reserveStatement(statement), signature)).toBe(account.address.toLowerCase());
    expect(signedByItsAddress(statement, signature)).toBe(true);
    // Another block, another address, a flipped byte: not this key's statement.
    expect(signedByItsAddress({ ...statement, block: '4097' }, signature)).toBe(false);
    const other = { ...statement, address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' };
    expect(signedByItsAddress(other, signature)).toBe(false);
    const flipped = `${signature.slice(0, 10)}${signature[10] === '0' ? '1' : '0'}${signature.slice(11)}`;
    expect(signedByItsAddress(statement, flipped)).toBe(false);
    expect(recoverSigner('x', '0x1234')).toBeNull();
    expect(recoverSigner('x', 'not hex')).toBeNull();
  });

  it('gives the ratio of reserves to liabilities rounded down to 4 places, exact', () => {
    // 1031.25 / 1000 = 1.03125 -> 1.0312; 999.99999 / 1000 = 0.99999999 -> 0.9999.
    expect(reserveRatio('1031.25', '1000')).toBe('1.0312');
    expect(reserveRatio('999.99999', '1000')).toBe('0.9999');
    expect(reserveRatio('5', '0')).toBeNull();
  });
});

describe('proof of reserves: what the page counts', () => {
  it('counts only balances whose signature recovers to their own address, per asset, against what users are owed', async () => {
    const snapshot = {
      id: '12',
      root: 'ab'.repeat(32),
      totals: [
        { asset: 'BTC', total: '2' },
        { asset: 'USDT', total: '1000' },
      ],
    };
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
    const row = (address: string, balance: string) => ({
      chainId: 31337,
      block: '4096',
      address,
      asset: 'USDT',
      balance,
    });
    const sign = (by: typeof account, address: string) =>
      by.signMessage({
        message: reserveStatement({
          snapshotId: '12',
          root: snapshot.root,
          chainId: 31337,
          block: '4096',
          address,
        }),
      });
    const rows = [
      { ...row(account.address, '600.25'), signature: await sign(account, account.address) },
      { ...row(other.address, '450'), signature: await sign(other, other.address) },
      // Signed by the wrong key (the first account for the third address): not counted.
      {
        ...row('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', '5000'),
        signature: await sign(account, '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'),
      },
      // Unsigned (no key in the signing process): listed, not counted.
      { ...row('0x90f79bf6eb2c4f870365e785982e1f101e93b906', '7'), signature: null },
    ];
    const summary = summarizeReserves(snapshot, rows);
    expect(summary.rows.map((r) => r.verified)).toEqual([true, true, false, null]);
    // 600.25 + 450 = 1050.25 signed, against 1000 owed: 1.0502 (rounded down from 1.05025).
    expect(summary.assets).toEqual([
      { asset: 'USDT', signed: '1050.25', liabilities: '1000', ratio: '1.0502' },
    ]);
  });
});
