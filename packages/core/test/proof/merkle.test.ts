import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLevels, leafHash, proofFor, rootOf, userHash, verifyProof } from '../../src/proof/merkle.ts';

describe('proof of liabilities tree', () => {
  it('proves every leaf of any tree, and no altered leaf', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.nat(), (n, pick) => {
        const leaves = Array.from({ length: n }, (_, i) =>
          leafHash(userHash(String(i), 'n'), 'n', [{ asset: 'USDT', amount: `${i}.5` }]),
        );
        const levels = buildLevels(leaves);
        const root = rootOf(levels);
        const index = pick % n;
        const proof = proofFor(levels, index);
        expect(verifyProof(leaves[index] as string, proof, root)).toBe(true);
        const forged = leafHash(userHash(String(index), 'n'), 'n', [{ asset: 'USDT', amount: `${index}.6` }]);
        expect(verifyProof(forged, proof, root)).toBe(false);
      }),
    );
  });

  it('hashes balances in a fixed order and hides the user id behind a nonce', () => {
    const a = leafHash('u', 'n', [
      { asset: 'BTC', amount: '1' },
      { asset: 'USDT', amount: '2' },
    ]);
    const b = leafHash('u', 'n', [
      { asset: 'USDT', amount: '2' },
      { asset: 'BTC', amount: '1' },
    ]);
    expect(a).toBe(b);
    expect(userHash('10000001', 'x')).not.toBe(userHash('10000001', 'y'));
    expect(userHash('10000001', 'x')).toMatch(/^[0-9a-f]{64}$/);
  });
});
