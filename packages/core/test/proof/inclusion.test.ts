import { describe, expect, it } from 'vitest';
import { checkInclusion } from '../../src/proof/merkle.ts';
import { sampleProof } from './sample.ts';

describe('checkInclusion: the check a user runs on their proof', () => {
  it('accepts a genuine proof, against its own and the published root; its totals are the hand sums', () => {
    const proof = sampleProof();
    expect(proof.snapshot.totals).toEqual([
      { asset: 'BTC', total: '1.5' },
      { asset: 'USDT', total: '1500' },
    ]);
    expect(checkInclusion(proof)).toEqual({ ok: true });
    expect(checkInclusion(proof, proof.snapshot.root)).toEqual({ ok: true });
  });

  it('refuses changed balances (the leaf no longer matches), and a balance in an asset the snapshot lacks', () => {
    const proof = sampleProof();
    const richer = [{ asset: 'USDT', amount: '300000' }, ...proof.balances.slice(1)];
    expect(checkInclusion({ ...proof, balances: richer })).toEqual({ ok: false, reason: 'leaf' });
    const other = [...proof.balances, { asset: 'ETH', amount: '1' }];
    expect(checkInclusion({ ...proof, balances: other })).toEqual({ ok: false, reason: 'leaf' });
  });

  it('refuses a path that does not lead to the root, or malformed', () => {
    const proof = sampleProof();
    const [first, ...rest] = proof.path;
    if (!first) throw new Error('a path of five leaves has steps');
    expect(checkInclusion({ ...proof, path: [{ ...first, hash: '00'.repeat(32) }, ...rest] })).toEqual({
      ok: false,
      reason: 'path',
    });
    expect(checkInclusion({ ...proof, path: [{ ...first, hash: 'zz' }] })).toEqual({
      ok: false,
      reason: 'path',
    });
  });

  it('refuses a snapshot root other than the published one, and totals other than the tree adds up to', () => {
    const proof = sampleProof();
    expect(checkInclusion(proof, 'ab'.repeat(32))).toEqual({ ok: false, reason: 'root' });
    const smaller = [
      { asset: 'BTC', total: '1.5' },
      { asset: 'USDT', total: '1400' },
    ];
    expect(checkInclusion({ ...proof, snapshot: { ...proof.snapshot, totals: smaller } })).toEqual({
      ok: false,
      reason: 'totals',
    });
  });
});
