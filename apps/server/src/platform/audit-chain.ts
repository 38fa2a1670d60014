import { AUDIT_GENESIS, type SealedEntry, sealAuditEntries } from '@otc/core/audit/chain';
import type { Queryable } from '../db/db.ts';
import { defineJob } from './jobs/types.ts';

/** Entries sealed per statement: a backlog (the first run after the migration) goes in bounded steps. */
const SEAL_BATCH = 1_000;

// The fields as the chain hashes them: jsonb's stored text, the time in microseconds (no time zone).
// Read from `audit_log a`, and ordered by `a.` columns: ORDER BY id would sort the text alias ("10" < "9").
const FIELDS = `a.id::text AS id, a.operator_id::text AS "operatorId", a.action, a.target,
  a.subject_user_id::text AS subject, a.detail::text AS detail, a.ip,
  floor(extract(epoch FROM a.created_at) * 1000000)::bigint::text AS at`;

/**
 * Seals the entries waiting, oldest id first, after the chain's head (core `audit/chain.ts`). A job:
 * claims keep its runs to one at a time across processes, so the chain never forks; an entry whose
 * transaction commits after a later id was sealed is simply sealed in the next run, with a later seq.
 */
export async function sealAuditLog(q: Queryable): Promise<number> {
  let sealed = 0;
  for (;;) {
    const [head] = await q.query<{ seq: string; hash: string }>(
      'SELECT a.seq::text AS seq, a.hash FROM audit_log a WHERE a.seq IS NOT NULL ORDER BY a.seq DESC LIMIT 1',
    );
    const waiting = await q.query<Omit<SealedEntry, 'seq' | 'hash'>>(
      `SELECT ${FIELDS} FROM audit_log a WHERE a.seq IS NULL ORDER BY a.id LIMIT ${SEAL_BATCH}`,
    );
    if (waiting.length === 0) return sealed;
    const chained = sealAuditEntries(head ?? { seq: '0', hash: AUDIT_GENESIS }, waiting);
    await q.query(
      `UPDATE audit_log a SET seq = s.seq, hash = s.hash
         FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS s (id, seq, hash)
        WHERE a.id = s.id`,
      [chained.map((e) => e.id), chained.map((e) => e.seq), chained.map((e) => e.hash)],
    );
    sealed += chained.length;
    if (waiting.length < SEAL_BATCH) return sealed;
  }
}

/** The sealed chain in order, and how many entries wait for the seal: what `audit:verify` checks. */
export async function readAuditChain(q: Queryable): Promise<{ entries: SealedEntry[]; waiting: number }> {
  const entries = await q.query<SealedEntry>(
    `SELECT ${FIELDS}, a.seq::text AS seq, a.hash FROM audit_log a WHERE a.seq IS NOT NULL ORDER BY a.seq`,
  );
  const [row] = await q.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_log WHERE seq IS NULL');
  return { entries, waiting: Number(row?.n ?? 0) };
}

/** Every minute: an entry is open to a silent edit for at most that long. */
export const sealAuditJob = defineJob({
  name: 'audit.seal',
  everyMs: 60 * 1000,
  run: async (q: Queryable) => ({ sealed: await sealAuditLog(q) }),
});
