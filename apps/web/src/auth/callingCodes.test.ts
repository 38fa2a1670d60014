import { PHONE_PATTERN } from '@otc/protocol/auth/rules';
import { describe, expect, it } from 'vitest';
import {
  CALLING_CODES,
  callingCodeOptions,
  internationalNumber,
  regionOfLocale,
  searchCallingCodes,
} from './callingCodes.ts';

describe('calling codes', () => {
  it('default to the region of the browser locale, else its likeliest region, else the US', () => {
    expect(regionOfLocale('de-DE')).toBe('DE');
    expect(regionOfLocale('de-AT')).toBe('AT');
    expect(regionOfLocale('ja')).toBe('JP');
    expect(regionOfLocale('pt-BR')).toBe('BR');
    expect(regionOfLocale(undefined)).toBe('US');
    expect(regionOfLocale('not a locale!')).toBe('US');
  });

  it('send the number in the international form the server checks', () => {
    expect(internationalNumber('49', '030 1234 5678')).toBe('+493012345678');
    expect(internationalNumber('1', '(555) 123-4567')).toBe('+15551234567');
    expect(internationalNumber('49', '+44 20 7946 0958')).toBe('+442079460958');
    expect(internationalNumber('81', '')).toBe('');
    expect(PHONE_PATTERN.test(internationalNumber('49', '0151 2345 6789'))).toBe(true);
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
