import { describe, expect, it } from 'vitest';
import {
  CALLING_CODES,
  callingCodeOptions,
  internationalNumber,
  regionOfLocale,
  searchCallingCodes,
} from './callingCodes.ts';
import { isPhone } from './rules.ts';
import { checkAccount } from './validate.ts';

describe('calling codes', () => {
  it('default to the region of the browser locale, else its likeliest region, else the US', () => {
    expect(regionOfLocale('de-DE')).toBe('DE');
    expect(regionOfLocale('de-AT')).toBe('AT');
    expect(regionOfLocale('ja')).toBe('JP');
    expect(regionOfLocale('pt-BR')).toBe('BR');
    expect(regionOfLocale(undefined)).toBe('US');
    expect(regionOfLocale('not a locale!')).toBe('US');
  });

  it('send the number in E.164, each country read by its own numbering plan (issue 23)', () => {
    // Italy's leading 0 belongs to the number; Russia's 8 is a trunk prefix that goes.
    expect(internationalNumber('IT', '06 1234 5678')).toBe('+390612345678');
    expect(internationalNumber('RU', '8 916 123 45 67')).toBe('+79161234567');
    expect(internationalNumber('GB', '07911 123456')).toBe('+447911123456');
    expect(internationalNumber('US', '(201) 555-0123')).toBe('+12015550123');
    expect(internationalNumber('CN', '138 0013 8000')).toBe('+8613800138000');
    expect(internationalNumber('DE', '030 1234 5678')).toBe('+493012345678');
    // A number with its own + keeps its country whatever the picker says.
    expect(internationalNumber('DE', '+44 20 7946 0958')).toBe('+442079460958');
    expect(internationalNumber('JP', '')).toBe('');
  });

  it('leave a number that is not one as typed, for the form to refuse', () => {
    expect(internationalNumber('US', ' 12345 ')).toBe('12345');
    expect(isPhone(internationalNumber('US', '12345'))).toBe(false);
    expect(isPhone(internationalNumber('IT', '06 123'))).toBe(false);
    expect(isPhone(internationalNumber('IT', '06 1234 5678'))).toBe(true);
    expect(checkAccount('mobile', internationalNumber('US', '12345'))?.key).toBe('auth.errors.invalidPhone');
    expect(checkAccount('mobile', internationalNumber('RU', '8 916 123 45 67'))).toBeNull();
  });

  it('name every region in the reader language and find it by name, code or region', () => {
    const de = callingCodeOptions('de');
    expect(de).toHaveLength(Object.keys(CALLING_CODES).length);
    expect(de.find((o) => o.region === 'DE')?.name).toBe('Deutschland');
    expect(searchCallingCodes(de, 'deutsch').map((o) => o.region)).toEqual(['DE']);
    expect(searchCallingCodes(de, '+81').map((o) => o.region)).toEqual(['JP']);
    expect(searchCallingCodes(de, 'jp').map((o) => o.region)).toEqual(['JP']);
    expect(searchCallingCodes(callingCodeOptions('ja'), '日本').map((o) => o.code)).toEqual(['81']);
    expect(searchCallingCodes(de, 'zzz')).toEqual([]);
  });

  it('hold only digits, at most four, starting with no 0', () => {
    for (const code of Object.values(CALLING_CODES)) expect(code).toMatch(/^[1-9]\d{0,3}$/);
  });
});
