import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/security/passwords.ts';
import { hashToken, newToken, randomDigits } from '../../src/security/tokens.ts';

describe('passwords and tokens', () => {
  it('hash passwords with a salt and verify only the right one', async () => {
    const a = await hashPassword('Secret123');
    const b = await hashPassword('Secret123');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('Secret123', a)).toBe(true);
    expect(await verifyPassword('Secret124', a)).toBe(false);
    expect(await verifyPassword('Secret123', null)).toBe(false);
    expect(await verifyPassword('Secret123', 'md5$abc')).toBe(false);
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
