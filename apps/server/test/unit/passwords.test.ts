import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  SCRYPT_LOG_N,
  verifyPassword,
} from '../../src/platform/secrets/passwords.ts';
import { hashToken, newToken, randomDigits } from '../../src/platform/secrets/tokens.ts';

/** The cost the tests hash at: the cost is read from the stored hash, whatever the one in force. */
const TEST_LOG_N = 12;

describe('passwords and tokens', () => {
  it('hash passwords with a salt and verify only the right one', async () => {
    const a = await hashPassword('Secret123', TEST_LOG_N);
    const b = await hashPassword('Secret123', TEST_LOG_N);
    expect(a).not.toBe(b);
    expect(a.startsWith(`scrypt$${2 ** TEST_LOG_N}$8$1$`)).toBe(true);
    expect(await verifyPassword('Secret123', a, TEST_LOG_N)).toBe(true);
    expect(await verifyPassword('Secret124', a, TEST_LOG_N)).toBe(false);
    expect(await verifyPassword('Secret123', null, TEST_LOG_N)).toBe(false);
    expect(await verifyPassword('Secret123', 'md5$abc', TEST_LOG_N)).toBe(false);
    // A row asking for an unbounded cost is refused, not computed.
    expect(await verifyPassword('Secret123', a.replace(/^scrypt\$\d+/, 'scrypt$4194304'), TEST_LOG_N)).toBe(
      false,
    );
  });

  it('hash at N=2^17 by default and call older-cost hashes for a rehash', { timeout: 60_000 }, async () => {
    expect(SCRYPT_LOG_N).toBe(17);
    const strong = await hashPassword('Secret123', SCRYPT_LOG_N);
    expect(strong.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('Secret123', strong, TEST_LOG_N)).toBe(true);
    expect(needsRehash(strong, SCRYPT_LOG_N)).toBe(false);
    const old = await hashPassword('Secret123', 15);
    expect(await verifyPassword('Secret123', old, SCRYPT_LOG_N)).toBe(true);
    expect(needsRehash(old, SCRYPT_LOG_N)).toBe(true);
    // A cost above the one in force is kept: lowering the setting does not weaken stored hashes.
    expect(needsRehash(strong, 15)).toBe(false);
  });

  it('make unguessable tokens and 6-digit codes', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newToken));
    expect(tokens.size).toBe(1000);
    expect(hashToken('x')).toHaveLength(64);
    const codes = Array.from({ length: 2000 }, () => randomDigits(6));
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    // Every digit appears in every position over 2000 draws (a fixed or biased source would not).
    for (let pos = 0; pos < 6; pos++) expect(new Set(codes.map((c) => c[pos])).size).toBe(10);
  });
});
