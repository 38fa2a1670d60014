import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The operators' audit log as a hash chain (issue 28, decision 0144): each sealed entry carries its
 * place (`seq`) and the hash of its fields with the previous entry's hash. An entry changed after it
 * was sealed no longer meets its hash; one deleted leaves a gap in the seqs or a broken link; the
 * head (last seq and hash), noted somewhere the database's owner cannot write, pins the whole log.
 */
export interface AuditEntry {
  /** The row's id: which entry it was, whatever the chain's order. */
  id: string;
  operatorId: string | null;
  action: string;
  target: string | null;
  /** The user the action was taken on, shown to them (null for an operator's own or the platform's). */
  subject: string | null;
  /** The detail as the database stores it (jsonb's text): the exact bytes, not a re-serialization. */
  detail: string;
  ip: string | null;
  /** Microseconds since the epoch, as a decimal string: the same whatever the reader's time zone. */
  at: string;
}

export interface SealedEntry extends AuditEntry {
  seq: string;
  hash: string;
}

/** The hash "before" the first entry. */
export const AUDIT_GENESIS = bytesToHex(sha256(utf8ToBytes('otc-audit-v1|genesis')));

/** An entry's hash: its fields as a JSON array (no separator a field could contain) and the previous hash. */
export function auditEntryHash(previous: string, seq: string, e: AuditEntry): string {
  const fields = [
    'otc-audit-v1',
    seq,
    e.id,
    e.operatorId,
    e.action,
    e.target,
    e.subject,
    e.detail,
    e.ip,
    e.at,
    previous,
  ];
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(fields))));
}

/** Seals entries (in the order given) after the chain's head. */
export function sealAuditEntries(
  head: { seq: string; hash: string },
  entries: readonly AuditEntry[],
): SealedEntry[] {
  let seq = BigInt(head.seq);
  let hash = head.hash;
  return entries.map((e) => {
    seq += 1n;
    hash = auditEntryHash(hash, seq.toString(), e);
    return { ...e, seq: seq.toString(), hash };
  });
}

export type AuditChainCheck =
  | { ok: true; count: number; head: { seq: string; hash: string } }
  | { ok: false; reason: 'changed' | 'missing'; seq: string; id?: string };

/**
 * Recomputes the whole chain from the genesis: seqs from 1 without a gap (`missing` names the first
 * seq not there), each entry's hash from its fields and the one before (`changed` names the entry).
 */
export function verifyAuditChain(entries: readonly SealedEntry[]): AuditChainCheck {
  let hash = AUDIT_GENESIS;
  let seq = 0n;
  for (const e of entries) {
    seq += 1n;
    if (BigInt(e.seq) !== seq) return { ok: false, reason: 'missing', seq: seq.toString() };
    hash = auditEntryHash(hash, e.seq, e);
    if (hash !== e.hash) return { ok: false, reason: 'changed', seq: e.seq, id: e.id };
  }
  return { ok: true, count: entries.length, head: { seq: seq.toString(), hash } };
}
