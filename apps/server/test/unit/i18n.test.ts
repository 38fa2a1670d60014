import { ERROR_KEYS } from '@otc/protocol/errors';
import { LANGUAGES, pickLanguage } from '@otc/protocol/languages';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { en } from '../../src/i18n/messages/en.ts';
import { fieldName, translate } from '../../src/i18n/translate.ts';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  it('have every key in all 12 languages, non-empty, with the same placeholders as English', () => {
    for (const lang of LANGUAGES) {
      const cat = catalogues[lang];
      for (const [key, text] of Object.entries(en)) {
        const translated = cat[key as keyof typeof en];
        expect(translated, `${lang}.${key}`).toBeTruthy();
        expect(placeholders(translated), `${lang}.${key}`).toEqual(placeholders(text));
      }
      expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
    }
  });

  it('translate every error key of the protocol', () => {
    for (const key of ERROR_KEYS) expect(key in en, key).toBe(true);
  });

  it('fill parameters and fall back to the raw field name for unknown fields', () => {
    expect(translate('en', 'code_resend_too_soon', { seconds: 42 })).toBe(
      'Please wait 42 s before requesting another code.',
    );
    expect(fieldName('en', 'password')).toBe('your password');
    expect(fieldName('en', 'weird')).toBe('weird');
  });
});

describe('pickLanguage', () => {
  it('picks the best supported language from an Accept-Language header', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('de-CH,de;q=0.9')).toBe('de');
    expect(pickLanguage('zh-Hant-TW')).toBe('zh-TW');
    expect(pickLanguage('zh-CN')).toBe('zh-TW');
    expect(pickLanguage('xx, pt-BR;q=0.5, ja;q=0.8')).toBe('ja');
    expect(pickLanguage('sv')).toBe('sv');
    expect(pickLanguage('klingon')).toBe('en');
  });
});

describe('server translations', () => {
  it('are real translations, not copies of English', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const same = Object.entries(en).filter(
        ([key, text]) => catalogues[lang][key as keyof typeof en] === text,
      );
      expect(
        same.map(([k]) => k),
        lang,
      ).toEqual([]);
    }
  });
});
