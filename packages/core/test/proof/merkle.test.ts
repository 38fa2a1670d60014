import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '../../src/money/decimal.ts';
import {
  buildLevels,
  leafNode,
  MAX_SUM,
  type ProofStep,
  ProofTreeError,
  paddingNode,
  proofFor,
  rootOf,
  sumsToText,
  userHash,
  verifyPath,
} from '../../src/proof/merkle.ts';

const ASSETS = ['BTC', 'USDT'];

/** n users; user i holds i + 0.5 USDT and, every third one, 0.i BTC. */
function tree(n: number) {
  const leaves = Array.from({ length: n }, (_, i) => {
    const balances = [{ asset: 'USDT', amount: `${i}.5` }];
    if (i % 3 === 0) balances.push({ asset: 'BTC', amount: `0.${i + 1}` });
    const hashed = userHash(String(i), `n${i}`);
    return { hashed, nonce: `n${i}`, balances, node: leafNode(ASSETS, hashed, `n${i}`, balances) };
  });
  const levels = buildLevels(
    ASSETS,
    leaves.map((l) => l.node),
  );
  const root = rootOf(levels);
  return { leaves, levels, root, published: { hash: root.hash, totals: sumsToText(root.sums) } };
}

/** The totals computed the plain way, for comparison with the root's sums. */
function plainTotals(n: number) {
  let usdt = 0n;
  let btc = 0n;
  for (let i = 0; i < n; i++) {
    usdt += parseUnits(`${i}.5`);
    if (i % 3 === 0) btc += parseUnits(`0.${i + 1}`);
  }
  return [formatUnits(btc), formatUnits(usdt)];
}

describe('proof of liabilities: the Merkle sum tree', () => {
  it('sums every leaf once into the root, an odd node paired with a zero padding (never with itself)', () => {
    // 3 users by hand: USDT 0.5 + 1.5 + 2.5 = 4.5; BTC 0.1 (user 0 only).
    expect(sumsToText(tree(3).root.sums)).toEqual(['0.1', '4.5']);
    for (const n of [1, 2, 5, 8, 13]) expect(sumsToText(tree(n).root.sums)).toEqual(plainTotals(n));
    expect(rootOf(buildLevels(ASSETS, [])).hash).toBe(paddingNode(ASSETS).hash);
  });

  it('proves every leaf of any tree against the published root and totals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.nat(), (n, pick) => {
        const { leaves, levels, published } = tree(n);
        const index = pick % n;
        const steps = proofFor(ASSETS, levels, index);
        expect(verifyPath(ASSETS, (leaves[index] as (typeof leaves)[number]).node, steps, published)).toEqual(
          {
            ok: true,
          },
        );
      }),
    );
  });

  it('fails when any leaf balance changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        (n, pick, delta) => {
          const { leaves, levels, published } = tree(n);
          const index = pick % n;
          const me = leaves[index] as (typeof leaves)[number];
          const usdt = formatUnits(parseUnits(me.balances[0]?.amount as string) + delta);
          const forged = leafNode(ASSETS, me.hashed, me.nonce, [
            { asset: 'USDT', amount: usdt },
            ...me.balances.slice(1),
          ]);
          expect(verifyPath(ASSETS, forged, proofFor(ASSETS, levels, index), published).ok).toBe(false);
        },
      ),
    );
  });

  it('fails when any sum on the path changes, even when the published totals are lowered to match', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        (n, pick, stepPick, delta) => {
          const { leaves, levels, published } = tree(n);
          const index = pick % n;
          const steps = proofFor(ASSETS, levels, index);
          const at = stepPick % steps.length;
          const step = steps[at] as ProofStep;
          // Lower the sibling's USDT sum (hiding liabilities) and publish totals lowered by as much.
          const lowered = parseUnits(step.sums[1] as string) - delta;
          if (lowered < 0n) return;
          const tampered = steps.map((s, i) =>
            i === at ? { ...s, sums: [s.sums[0] as string, formatUnits(lowered)] } : s,
          );
          const totals = [
            published.totals[0] as string,
            formatUnits(parseUnits(published.totals[1] as string) - delta),
          ];
          const me = (leaves[index] as (typeof leaves)[number]).node;
          expect(verifyPath(ASSETS, me, tampered, published)).toEqual({ ok: false, reason: 'path' });
          expect(verifyPath(ASSETS, me, tampered, { hash: published.hash, totals })).toEqual({
            ok: false,
            reason: 'path',
          });
        },
      ),
    );
  });

  it('fails when the published totals differ from what the tree adds up to', () => {
    const { leaves, levels, published } = tree(6);
    const steps = proofFor(ASSETS, levels, 4);
    const me = (leaves[4] as (typeof leaves)[number]).node;
    const smaller = { hash: published.hash, totals: [published.totals[0] as string, '1'] };
    expect(verifyPath(ASSETS, me, steps, smaller)).toEqual({ ok: false, reason: 'totals' });
    expect(verifyPath(ASSETS, me, steps, { hash: published.hash, totals: ['0.1'] })).toEqual({
      ok: false,
      reason: 'totals',
    });
  });

  it('refuses a negative or overflowing leaf when building, and a negative or malformed sum when verifying', () => {
    expect(() => leafNode(ASSETS, 'u', 'n', [{ asset: 'USDT', amount: '-1' }])).toThrow(ProofTreeError);
    expect(() => leafNode(ASSETS, 'u', 'n', [{ asset: 'ETH', amount: '1' }])).toThrow(ProofTreeError);
    const big = formatUnits(MAX_SUM - 1n);
    const a = leafNode(ASSETS, 'a', 'n', [{ asset: 'USDT', amount: big }]);
    const b = leafNode(ASSETS, 'b', 'n', [{ asset: 'USDT', amount: '1' }]);
    expect(() => buildLevels(ASSETS, [a, b])).toThrow(new ProofTreeError('overflow'));

    // A negative sibling is the way to hide a liability: refused however its hash is made.
    const { leaves, levels, published } = tree(4);
    const steps = proofFor(ASSETS, levels, 0);
    const me = (leaves[0] as (typeof leaves)[number]).node;
    const negative = steps.map((s, i) => (i === 0 ? { ...s, sums: [s.sums[0] as string, '-5'] } : s));
    expect(verifyPath(ASSETS, me, negative, published)).toEqual({ ok: false, reason: 'sums' });
    const malformed = steps.map((s, i) => (i === 0 ? { ...s, sums: ['1e5', s.sums[1] as string] } : s));
    expect(verifyPath(ASSETS, me, malformed, published)).toEqual({ ok: false, reason: 'sums' });
    const short = steps.map((s, i) => (i === 0 ? { ...s, sums: [s.sums[0] as string] } : s));
    expect(verifyPath(ASSETS, me, short, published)).toEqual({ ok: false, reason: 'sums' });
  });

  it('hashes balances in the snapshot asset order and hides the user id behind a nonce', () => {
    const a = leafNode(ASSETS, 'u', 'n', [
      { asset: 'BTC', amount: '1' },
      { asset: 'USDT', amount: '2' },
    ]);
    const b = leafNode(ASSETS, 'u', 'n', [
      { asset: 'USDT', amount: '2.000' },
      { asset: 'BTC', amount: '1' },
    ]);
    expect(a).toEqual(b);
    expect(userHash('10000001', 'x')).not.toBe(userHash('10000001', 'y'));
    expect(userHash('10000001', 'x')).toMatch(/^[0-9a-f]{64}$/);
  });
});
