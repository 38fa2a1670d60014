import { jurisdictionProfile } from '@otc/protocol/jurisdiction/schemas';
import { describe, expect, it } from 'vitest';
import { parseCloseOut } from '../../src/jurisdiction/profileForm.ts';

describe('the rules-by-country dialog’s close-out field', () => {
  it('reads a fraction between 0 and 1 in its shortest form; empty is none', () => {
    expect(parseCloseOut('0.5')).toBe('0.5');
    expect(parseCloseOut(' .50 ')).toBe('0.5');
    expect(parseCloseOut('0.125')).toBe('0.125');
    expect(parseCloseOut('')).toBeNull();
    expect(parseCloseOut('  ')).toBeNull();
  });

  it('refuses 0, 1 and more, negatives and words', () => {
    for (const wrong of ['0', '0.0', '1', '1.5', '-0.5', '50%', 'half', '0.1234567890123456789'])
      expect(parseCloseOut(wrong), wrong).toBe('wrong');
  });

  it('what it reads, the server’s schema takes', () => {
    const base = { country: 'GB', secondsAllowed: false, leverageCaps: {}, cfdBonuses: false };
    for (const typed of ['0.5', '.50', '0.125', ''])
      expect(jurisdictionProfile.safeParse({ ...base, closeOutLevel: parseCloseOut(typed) }).success).toBe(
        true,
      );
  });
});
