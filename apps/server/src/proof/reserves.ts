import { canonicalDecimal, PROOF_SCHEME, reserveStatement } from '@otc/core';
import type { ProofReserves, ProofSnapshot } from '@otc/protocol/proof/schemas';
import { attestReserves } from '../cashier/index.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';

/**
 * Signs the reserves of a snapshot just published (decision 0141): after its commit, since reading
 * chains inside the snapshot's transaction would hold it open for as long as the chains take. A
 * snapshot whose signing failed keeps its liabilities and shows no reserves; the next one tries again.
 */
export async function signReserves(ctx: AppContext, snapshot: ProofSnapshot): Promise<number> {
  const rows = await attestReserves(ctx, (chainId, block, address) =>
    reserveStatement({ snapshotId: snapshot.id, root: snapshot.root, chainId, block, address }),
  );
  if (rows.length === 0) return 0;
  const params: unknown[] = [];
  const tuples = rows.map((r) => {
    params.push(snapshot.id, r.chainId, r.chainName, r.block, r.address, r.kind, r.balance, r.signature);
    const o = params.length - 8;
    return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6}, 'USDT', $${o + 7}, $${o + 8})`;
  });
  await ctx.db.query(
    `INSERT INTO proof_reserves (snapshot_id, chain_id, chain_name, block_number, address, kind, asset, balance, signature)
       VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`,
    params,
  );
  return rows.length;
}

/** The latest snapshot's signed reserves, as kept. */
export async function latestReserves(q: Queryable): Promise<ProofReserves> {
  const [latest] = await q.query<{ id: string }>(
    'SELECT id::text AS id FROM proof_snapshots WHERE scheme = $1 ORDER BY id DESC LIMIT 1',
    [PROOF_SCHEME],
  );
  if (!latest) return { snapshotId: null, addresses: [] };
  const rows = await q.query<{
    chain_id: number;
    chain_name: string;
    block: string;
    address: string;
    kind: 'hot' | 'deposit';
    asset: string;
    balance: string;
    signature: string | null;
  }>(
    `SELECT chain_id, chain_name, block_number::text AS block, address, kind, asset, balance::text AS balance, signature
       FROM proof_reserves WHERE snapshot_id = $1 ORDER BY chain_id, kind DESC, address`,
    [latest.id],
  );
  return {
    snapshotId: latest.id,
    addresses: rows.map((r) => ({
      chainId: r.chain_id,
      chainName: r.chain_name,
      block: r.block,
      address: r.address,
      kind: r.kind,
      asset: r.asset,
      balance: canonicalDecimal(r.balance),
      signature: r.signature,
    })),
  };
}
