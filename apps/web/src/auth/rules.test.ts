import { email, inviteCode, phone, verificationCode } from '@otc/protocol/auth/fields';
import { isStrongPassword as protocolStrong } from '@otc/protocol/auth/rules';
import { describe, expect, it } from 'vitest';
import {
  isEmail,
  isInviteCode,
  isPhone,
  isStrongPassword,
  isVerificationCode,
  looksLikeLocalNumber,
  normalizeAccount,
  normalizeFor,
  PASSWORD_MIN,
} from './rules.ts';

// The client copies the protocol's rules to keep zod out of the first screens; they must agree.
describe('client rules agree with the protocol schemas', () => {
  it('passwords', () => {
    expect(PASSWORD_MIN).toBe(8);
    for (const sample of [
      '',
      'abc12',
      'abcdefgh',
      '12345678',
      'abcdefg1',
      'Passw0rd',
      'пароль123',
      '        1a',
    ]) {
      expect(isStrongPassword(sample), sample).toBe(protocolStrong(sample));
    }
  });

  it('emails', () => {
    const samples = [
      'a@b.co',
      'Ann.Lee+x@mail.example.com',
      'a@b.c',
      'a@@b.com',
      '.a@b.com',
      'a b@c.com',
      'a@b',
      'user@例え.jp',
    ];
    for (const sample of samples) expect(isEmail(sample), sample).toBe(email.safeParse(sample).success);
  });

  it('phones, codes and invite codes', () => {
    // The server's schema takes a number's shape; the form sends only valid E.164, which it takes.
    for (const sample of ['+390612345678', '+79161234567', '+447911123456', '+12015550123']) {
      expect(isPhone(sample), sample).toBe(true);
      expect(phone.safeParse(sample).success, sample).toBe(true);
    }
    for (const sample of ['+4420', '15551234567', '+0123456789', '+1234567890123456', '+39612345678']) {
      expect(isPhone(sample), sample).toBe(false);
    }
    for (const sample of ['123456', '12345', '1234567', '12a456']) {
      expect(isVerificationCode(sample), sample).toBe(verificationCode.safeParse(sample).success);
    }
    for (const sample of ['AB12', 'abc', 'ABCDEFGHIJKLMNOP', 'ABCDEFGHIJKLMNOPQ', 'AB-12']) {
      expect(isInviteCode(sample), sample).toBe(inviteCode.safeParse(sample).success);
    }
  });
});

describe('account normalisation', () => {
  it('strips the separators people type inside phone numbers', () => {
    expect(normalizeAccount(' +1 (555) 123-4567 ')).toBe('+15551234567');
    expect(normalizeFor('mobile', '+44 20 7946 0958')).toBe('+442079460958');
  });

  it('takes digits typed without a + as a local number that needs the picked calling code', () => {
    expect(looksLikeLocalNumber('030 1234 5678')).toBe(true);
    expect(looksLikeLocalNumber('(555) 123-4567')).toBe(true);
    expect(looksLikeLocalNumber('+15551234567')).toBe(false);
    expect(looksLikeLocalNumber('ann@example.com')).toBe(false);
    expect(looksLikeLocalNumber('  ')).toBe(false);
  });

  it('only trims emails', () => {
    expect(normalizeAccount('  Ann@Example.com ')).toBe('Ann@Example.com');
    expect(normalizeFor('email', ' a-b@x.io ')).toBe('a-b@x.io');
  });
});
