import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpStep,
} from '../../src/platform/secrets/totp.ts';

const SHA1_KEY = Buffer.from('12345678901234567890');
const SHA256_KEY = Buffer.from('12345678901234567890123456789012');
const SHA512_KEY = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('one-time passwords', () => {
  it('give RFC 4226 appendix D HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(SHA1_KEY, counter))).toEqual(expected);
  });

  it('give RFC 6238 appendix B TOTP values (8 digits, SHA-1, SHA-256, SHA-512)', () => {
    const table: [number, string, string, string][] = [
      [59, '94287082', '46119246', '90693936'],
      [1111111109, '07081804', '68084774', '25091201'],
      [1111111111, '14050471', '67062674', '99943326'],
      [1234567890, '89005924', '91819424', '93441116'],
      [2000000000, '69279037', '90698825', '38618901'],
      [20000000000, '65353130', '77737706', '47863826'],
    ];
    for (const [seconds, sha1, sha256, sha512] of table) {
      const step = totpStep(seconds * 1000);
      expect([
        hotp(SHA1_KEY, step, 8),
        hotp(SHA256_KEY, step, 8, 'sha256'),
        hotp(SHA512_KEY, step, 8, 'sha512'),
      ]).toEqual([sha1, sha256, sha512]);
    }
  });

  it('encode base32 as RFC 4648 does and read it back', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(base32Encode(SHA1_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accept a code of the step before, now or after, once, and nothing further', () => {
    const secret = base32Encode(SHA1_KEY);
    const now = 1111111111 * 1000;
    const step = totpStep(now);
    const code = (s: number) => hotp(SHA1_KEY, s);
    expect(matchTotp(secret, code(step), now, 0)).toBe(step);
    expect(matchTotp(secret, code(step - 1), now, 0)).toBe(step - 1);
    expect(matchTotp(secret, code(step + 1), now, 0)).toBe(step + 1);
    expect(matchTotp(secret, code(step - 2), now, 0)).toBeNull();
    expect(matchTotp(secret, code(step + 2), now, 0)).toBeNull();
    // Spent: the step itself and any before the last accepted one.
    expect(matchTotp(secret, code(step), now, step)).toBeNull();
    expect(matchTotp(secret, code(step - 1), now, step)).toBeNull();
    expect(matchTotp(secret, code(step + 1), now, step)).toBe(step + 1);
    expect(matchTotp(secret, '12345', now, 0)).toBeNull();
    expect(matchTotp(secret, `${code(step)}0`, now, 0)).toBeNull();
  });

  it('build the key URI authenticator apps scan', () => {
    expect(otpauthUri('OTC Markets', 'ann@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/OTC%20Markets%3Aann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=OTC+Markets&algorithm=SHA1&digits=6&period=30',
    );
  });
});
