import { buildLevels, leafHash, proofFor, rootOf, userHash } from '@otc/core/proof/merkle';
import type { InclusionProof } from '@otc/protocol/proof/schemas';
import { describe, expect, it } from 'vitest';
import { checkInclusion, proofFile } from './proofCheck.ts';

function sampleProof(): InclusionProof {
  const users = ['1001', '1002', '1003', '1004', '1005'].map((id, i) => {
    const nonce = `nonce-${i}`;
    const hash = userHash(id, nonce);
    const balances = [
      { asset: 'USDT', amount: `${100 * (i + 1)}` },
      { asset: 'BTC', amount: `0.${i + 1}` },
    ];
    return { hash, nonce, balances, leaf: leafHash(hash, nonce, balances) };
  });
  const levels = buildLevels(users.map((u) => u.leaf));
  const me = users[2] as (typeof users)[number];
  return {
    snapshot: {
      id: '7',
      root: rootOf(levels),
      createdAt: '2030-01-01T00:00:00.000Z',
      userCount: users.length,
      totals: [
        { asset: 'BTC', total: '1.5' },
        { asset: 'USDT', total: '1500' },
      ],
    },
    userHash: me.hash,
    nonce: me.nonce,
    balances: me.balances,
    leaf: me.leaf,
    path: proofFor(levels, 2),
  };
}

describe('checkInclusion', () => {
  it('accepts a genuine proof, against its own and the published root', () => {
    const proof = sampleProof();
    expect(checkInclusion(proof)).toEqual({ ok: true });
    expect(checkInclusion(proof, proof.snapshot.root)).toEqual({ ok: true });
  });

  it('refuses changed balances (the leaf no longer matches)', () => {
    const proof = sampleProof();
    const tampered = {
      ...proof,
      balances: [{ asset: 'USDT', amount: '300000' }, ...proof.balances.slice(1)],
    };
    expect(checkInclusion(tampered)).toEqual({ ok: false, reason: 'leaf' });
  });

  it('refuses a path that does not lead to the root', () => {
    const proof = sampleProof();
    const [first, ...rest] = proof.path;
    const broken = { ...proof, path: [{ hash: '00'.repeat(32), side: first?.side ?? 'right' }, ...rest] };
    expect(checkInclusion(broken as InclusionProof)).toEqual({ ok: false, reason: 'path' });
    expect(checkInclusion({ ...proof, path: [{ hash: 'zz', side: 'left' }] })).toEqual({
      ok: false,
      reason: 'path',
    });
  });

  it('refuses a snapshot root other than the published one', () => {
    expect(checkInclusion(sampleProof(), 'ab'.repeat(32))).toEqual({ ok: false, reason: 'root' });
  });
});

describe('proofFile', () => {
  it('saves the proof as readable JSON named after the snapshot', () => {
    const proof = sampleProof();
    const file = proofFile(proof);
    expect(file.name).toBe('proof-of-liabilities-7.json');
    expect(JSON.parse(file.text)).toEqual(proof);
  });
});
