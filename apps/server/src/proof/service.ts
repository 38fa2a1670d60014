import { randomBytes } from 'node:crypto';
import {
  buildLevels,
  formatUnits,
  leafNode,
  PROOF_SCHEME,
  parseUnits,
  proofFor,
  rootOf,
  sumsToText,
  userHash,
} from '@otc/core';
import type { MyInclusion, ProofSnapshot, ProofSnapshotsPage } from '@otc/protocol/proof/schemas';
import type { Db, Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import { fail } from '../http/errors.ts';
import { recurringSchedule } from '../platform/jobs/store.ts';

/** PRODUCT.md §2.6: a snapshot of users' live balances a day; users check their inclusion. */
export const SNAPSHOT_EVERY_HOURS = 24;
/** The job that looks, hourly, whether a snapshot is due. */
export const PROOF_JOB = 'proof.snapshot';
export const PROOF_JOB_EVERY_MS = 60 * 60 * 1000;

interface SnapshotRow {
  id: string;
  root: string;
  user_count: number;
  totals: { asset: string; total: string }[];
  created_at: Date;
}

const toSnapshot = (r: SnapshotRow): ProofSnapshot => ({
  id: r.id,
  scheme: PROOF_SCHEME,
  root: r.root,
  userCount: r.user_count,
  totals: r.totals,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Builds a snapshot of every real user's total per asset (all three accounts, available and
 * frozen), one leaf each, in one transaction so the tree and its totals agree; dated `now` by the
 * platform clock.
 */
export function buildSnapshot(db: Db, now: Date): Promise<ProofSnapshot> {
  return db.tx((q) => snapshotIn(q, now));
}

/** The snapshot, in the caller's transaction (the daily job's). */
async function snapshotIn(q: Queryable, now: Date): Promise<ProofSnapshot> {
  const rows = await q.query<{ owner: string; asset: string; total: string }>(
    `SELECT owner, asset, sum(available + frozen)::text AS total FROM account_balances
       WHERE realm = 'live' AND owner_type = 'user'
         AND owner NOT IN (SELECT id::text FROM user_directory WHERE system)
       GROUP BY owner, asset HAVING sum(available + frozen) > 0
       ORDER BY owner::bigint, asset`,
  );
  const byUser = new Map<string, { asset: string; amount: string }[]>();
  for (const r of rows)
    byUser.set(r.owner, [
      ...(byUser.get(r.owner) ?? []),
      { asset: r.asset, amount: formatUnits(parseUnits(r.total)) },
    ]);
  const assets = [...new Set(rows.map((r) => r.asset))].sort();
  const leaves = [...byUser.entries()].map(([userId, balances]) => {
    const nonce = randomBytes(16).toString('hex');
    const hashed = userHash(userId, nonce);
    return { userId, nonce, userHash: hashed, balances, node: leafNode(assets, hashed, nonce, balances) };
  });
  // The totals ARE the root's sums (decision 0140): published from the tree, not beside it.
  const root = rootOf(
    buildLevels(
      assets,
      leaves.map((l) => l.node),
    ),
  );
  const sums = sumsToText(root.sums);
  const totalList = assets.map((asset, i) => ({ asset, total: sums[i] as string }));
  const [snapshot] = await q.query<SnapshotRow>(
    `INSERT INTO proof_snapshots (scheme, root, user_count, totals, created_at) VALUES ($1, $2, $3, $4, $5::timestamptz)
       RETURNING id::text AS id, root, user_count, totals, created_at`,
    [PROOF_SCHEME, root.hash, leaves.length, JSON.stringify(totalList), now.toISOString()],
  );
  // Many leaves a statement: one round trip per 500 users, not per user.
  for (let start = 0; start < leaves.length; start += 500) {
    const params: unknown[] = [];
    const tuples = leaves.slice(start, start + 500).map((l, j) => {
      params.push(
        snapshot?.id,
        l.userId,
        start + j,
        l.nonce,
        l.userHash,
        JSON.stringify(l.balances),
        l.node.hash,
      );
      const o = params.length - 7;
      return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6}, $${o + 7})`;
    });
    await q.query(
      `INSERT INTO proof_leaves (snapshot_id, user_id, leaf_index, nonce, user_hash, balances, leaf) VALUES ${tuples.join(', ')}`,
      params,
    );
  }
  return toSnapshot(snapshot as SnapshotRow);
}

async function latestRow(q: Queryable): Promise<SnapshotRow | undefined> {
  const [row] = await q.query<SnapshotRow>(
    'SELECT id::text AS id, root, user_count, totals, created_at FROM proof_snapshots WHERE scheme = $1 ORDER BY id DESC LIMIT 1',
    [PROOF_SCHEME],
  );
  return row;
}

/** The sum-tree snapshots kept, newest first. */
export async function snapshots(q: Queryable, page: PageRequest): Promise<ProofSnapshotsPage> {
  const { rows, total } = await paged<SnapshotRow>(
    q,
    {
      select: 'id::text AS id, root, user_count, totals, created_at',
      from: 'proof_snapshots WHERE scheme = $1',
      orderBy: 'id DESC',
    },
    [PROOF_SCHEME],
    page,
  );
  return { items: rows.map(toSnapshot), total };
}

export async function latestSnapshot(q: Queryable): Promise<ProofSnapshot> {
  const row = await latestRow(q);
  if (!row) fail('proof_unavailable');
  return toSnapshot(row);
}

/**
 * When the next snapshot is taken: the first run of the snapshot job (by its schedule: its next run
 * and its period) at or after the latest snapshot is a day old; never before now.
 */
async function nextSnapshotAt(q: Queryable, latest: SnapshotRow | undefined, now: Date): Promise<string> {
  const due = latest
    ? new Date(latest.created_at).getTime() + SNAPSHOT_EVERY_HOURS * 3_600_000
    : now.getTime();
  const job = await recurringSchedule(q, PROOF_JOB);
  let at = job?.runAt ?? due;
  if (job && at < due) at += Math.ceil((due - at) / job.everyMs) * job.everyMs;
  return new Date(Math.max(at, now.getTime())).toISOString();
}

/**
 * The caller's inclusion proof in the latest snapshot, or (a new account, one that held nothing
 * when it was taken, or before the first snapshot) that it is not included yet and when the next
 * snapshot is taken: an answer, not an error (issue 23: a new user's page showed a 404).
 */
export async function inclusionProof(q: Queryable, userId: string, now: Date): Promise<MyInclusion> {
  const snapshot = await latestRow(q);
  const notYet = async () => ({
    included: false as const,
    snapshot: snapshot ? toSnapshot(snapshot) : null,
    nextAt: await nextSnapshotAt(q, snapshot, now),
  });
  if (!snapshot) return notYet();
  const leaves = await q.query<{
    user_id: string;
    nonce: string;
    user_hash: string;
    balances: { asset: string; amount: string }[];
    leaf: string;
  }>(
    'SELECT user_id::text AS user_id, nonce, user_hash, balances, leaf FROM proof_leaves WHERE snapshot_id = $1 ORDER BY leaf_index',
    [snapshot.id],
  );
  const index = leaves.findIndex((l) => l.user_id === userId);
  const mine = leaves[index];
  if (!mine) return notYet();
  return {
    included: true,
    snapshot: toSnapshot(snapshot),
    userHash: mine.user_hash,
    nonce: mine.nonce,
    balances: mine.balances,
    leaf: mine.leaf,
    path: pathOf(snapshot, leaves, index),
  };
}

/** The sibling path of one leaf, the tree rebuilt from the stored leaves (their sums are their balances). */
function pathOf(
  snapshot: SnapshotRow,
  leaves: { user_hash: string; nonce: string; balances: { asset: string; amount: string }[] }[],
  index: number,
) {
  const assets = snapshot.totals.map((t) => t.asset);
  const nodes = leaves.map((l) => leafNode(assets, l.user_hash, l.nonce, l.balances));
  return proofFor(assets, buildLevels(assets, nodes), index);
}

/**
 * Builds a snapshot, in the caller's transaction, when the last one (the job's or an operator's)
 * is a day old by the clock; the job runs once across processes, so no lock is needed here.
 */
export async function snapshotIfDue(q: Queryable, now: Date): Promise<ProofSnapshot | null> {
  const [fresh] = await q.query(
    `SELECT 1 FROM proof_snapshots WHERE scheme = $3 AND created_at > $2::timestamptz - make_interval(hours => $1)`,
    [SNAPSHOT_EVERY_HOURS, now.toISOString(), PROOF_SCHEME],
  );
  return fresh ? null : snapshotIn(q, now);
}
