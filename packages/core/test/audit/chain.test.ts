import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_GENESIS,
  type AuditEntry,
  auditEntryHash,
  sealAuditEntries,
  verifyAuditChain,
} from '../../src/audit/chain.ts';

const entry = (id: string, action: string): AuditEntry => ({
  id,
  operatorId: '1',
  action,
  target: `user:${id}`,
  subject: id,
  detail: '{"reason": "checked"}',
  ip: '127.0.0.1',
  at: '1796000000000000',
});

const three = () =>
  sealAuditEntries({ seq: '0', hash: AUDIT_GENESIS }, [
    entry('10', 'kyc.approve'),
    entry('12', 'withdrawal.approve'),
    entry('11', 'user.freeze'),
  ]);

describe('the audit log hash chain', () => {
  it('hashes an entry as sha256 of its fields in a JSON array with the previous hash', () => {
    // Written out by hand: the one place the format is spelled, so a change to it is seen.
    const text =
      '["otc-audit-v1","1","10","1","kyc.approve","user:10","10","{\\"reason\\": \\"checked\\"}","127.0.0.1","1796000000000000","' +
      `${AUDIT_GENESIS}"]`;
    expect(auditEntryHash(AUDIT_GENESIS, '1', entry('10', 'kyc.approve'))).toBe(
      bytesToHex(sha256(utf8ToBytes(text))),
    );
    expect(AUDIT_GENESIS).toBe(bytesToHex(sha256(utf8ToBytes('otc-audit-v1|genesis'))));
  });

  it('seals in the order given, whatever the ids, and verifies to the head', () => {
    const sealed = three();
    expect(sealed.map((e) => [e.seq, e.id])).toEqual([
      ['1', '10'],
      ['2', '12'],
      ['3', '11'],
    ]);
    expect(verifyAuditChain(sealed)).toEqual({
      ok: true,
      count: 3,
      head: { seq: '3', hash: sealed[2]?.hash },
    });
    // Continuing from a head gives what sealing all at once gives.
    const [first, ...rest] = sealed;
    const more = sealAuditEntries({ seq: '1', hash: first?.hash ?? '' }, rest);
    expect(more).toEqual(rest);
  });

  it('names the entry whose field was changed after sealing', () => {
    const sealed = three();
    const edited = sealed.map((e) => (e.seq === '2' ? { ...e, detail: '{"reason": "other"}' } : e));
    expect(verifyAuditChain(edited)).toEqual({ ok: false, reason: 'changed', seq: '2', id: '12' });
    const nulled = sealed.map((e) => (e.seq === '3' ? { ...e, operatorId: null } : e));
    expect(verifyAuditChain(nulled)).toEqual({ ok: false, reason: 'changed', seq: '3', id: '11' });
    // Who the action was on is sealed too: an entry cannot be moved off (or onto) a user's list.
    const moved = sealed.map((e) => (e.seq === '3' ? { ...e, subject: '12' } : e));
    expect(verifyAuditChain(moved)).toEqual({ ok: false, reason: 'changed', seq: '3', id: '11' });
    expect(verifyAuditChain(nulled)).toEqual({ ok: false, reason: 'changed', seq: '3', id: '11' });
  });

  it('names the first seq missing when an entry was deleted, and a re-hashed tail does not hide it', () => {
    const sealed = three();
    expect(verifyAuditChain([sealed[0], sealed[2]].filter((e) => e !== undefined))).toEqual({
      ok: false,
      reason: 'missing',
      seq: '2',
    });
    // Deleting the middle and renumbering the rest: every hash after it changes.
    const renumbered = sealAuditEntries({ seq: '1', hash: sealed[0]?.hash ?? '' }, [
      entry('11', 'user.freeze'),
    ]);
    const [first, moved] = [sealed[0], renumbered[0]];
    if (!first || !moved) throw new Error('three entries were sealed');
    const forged = [first, { ...moved, hash: sealed[2]?.hash ?? '' }];
    expect(verifyAuditChain(forged)).toEqual({ ok: false, reason: 'changed', seq: '2', id: '11' });
  });

  it('an empty log verifies, its head the genesis', () => {
    expect(verifyAuditChain([])).toEqual({ ok: true, count: 0, head: { seq: '0', hash: AUDIT_GENESIS } });
  });
});
