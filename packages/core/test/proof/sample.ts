import { buildLevels, leafNode, proofFor, rootOf, sumsToText, userHash } from '../../src/proof/merkle.ts';

/**
 * Five users, the third one's proof: user i holds 100 x (i + 1) USDT and 0.(i + 1) BTC, so the
 * totals by hand are 1500 USDT and 1.5 BTC.
 */
export function sampleProof() {
  const assets = ['BTC', 'USDT'];
  const users = ['1001', '1002', '1003', '1004', '1005'].map((id, i) => {
    const nonce = `nonce-${i}`;
    const hash = userHash(id, nonce);
    const balances = [
      { asset: 'USDT', amount: `${100 * (i + 1)}` },
      { asset: 'BTC', amount: `0.${i + 1}` },
    ];
    return { hash, nonce, balances, node: leafNode(assets, hash, nonce, balances) };
  });
  const levels = buildLevels(
    assets,
    users.map((u) => u.node),
  );
  const me = users[2] as (typeof users)[number];
  const root = rootOf(levels);
  return {
    snapshot: {
      id: '7',
      scheme: 'otc-por-v2-sum' as const,
      root: root.hash,
      createdAt: '2030-01-01T00:00:00.000Z',
      userCount: users.length,
      totals: assets.map((asset, i) => ({ asset, total: sumsToText(root.sums)[i] as string })),
    },
    userHash: me.hash,
    nonce: me.nonce,
    balances: me.balances,
    leaf: me.node.hash,
    path: proofFor(assets, levels, 2),
  };
}
