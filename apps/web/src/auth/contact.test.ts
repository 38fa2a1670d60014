import type { Agreement } from '@otc/protocol/auth/schemas';
import { describe, expect, it } from 'vitest';
import { pickAgreement } from './agreement.ts';
import { maskedContact } from './contact.ts';
import { secondsLeft } from './countdown.ts';

describe('maskedContact', () => {
  it('masks the email first, then the phone, then the wallet', () => {
    expect(maskedContact({ email: 'ann@example.com', phone: '+15551234567', walletAddress: null })).toBe(
      'ann****com',
    );
    expect(maskedContact({ email: null, phone: '+15551234567', walletAddress: null })).toBe('+15****567');
    expect(maskedContact({ email: null, phone: null, walletAddress: '0xabcdef0123456789' })).toBe(
      '0xa****789',
    );
    expect(maskedContact({ email: null, phone: null, walletAddress: null })).toBe('');
  });
});

describe('pickAgreement', () => {
  const items: Agreement[] = [
    { key: 'loan', title: 'Loan', content: '...', language: 'de' },
    { key: 'register', title: 'User Agreement', content: 'EN text', language: 'en' },
    { key: 'register', title: 'Nutzungsvertrag', content: 'DE Text', language: 'de' },
  ];

  it('prefers the current language and falls back to any language', () => {
    expect(pickAgreement(items, 'register', 'de')?.content).toBe('DE Text');
    expect(pickAgreement(items, 'register', 'ja')?.content).toBe('EN text');
    expect(pickAgreement(items, 'privacy', 'en')).toBeUndefined();
  });
});

describe('secondsLeft', () => {
  it('rounds up partial seconds and never goes below zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_800)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });
});
