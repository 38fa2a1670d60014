import { ERROR_KEYS } from '@otc/protocol/errors';
import { LANGUAGES, pickLanguage } from '@otc/protocol/languages';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { en } from '../../src/i18n/messages/en.ts';
import { amountParam, fieldName, translate } from '../../src/i18n/translate.ts';

/** A message's parameters: `{{name}}`, and `{name, plural, ...}` (a count's words). */
const placeholders = (s: string) =>
  [...s.matchAll(/\{\{(\w+)\}\}|\{(\w+), plural,/g)].map((m) => m[1] ?? m[2]).sort();
/** Each plural part's forms, by the count it words. */
const pluralParts = (s: string) =>
  [...s.matchAll(/\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}/g)].map((m) => ({
    name: m[1],
    forms: [...(m[2] ?? '').matchAll(/(\w+)\s*\{/g)].map((f) => f[1]),
  }));

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

  it("word every count with each plural form its language's rules give a whole number", () => {
    for (const lang of LANGUAGES) {
      const rules = new Intl.PluralRules(lang);
      const needed = new Set(Array.from({ length: 200 }, (_, n) => rules.select(n)));
      for (const [key, text] of Object.entries(catalogues[lang]))
        for (const part of pluralParts(text))
          for (const form of needed)
            expect(part.forms.includes(form) || form === 'other', `${lang}.${key}: ${form}`).toBe(true);
    }
  });

  it('choose the plural form by the count (issue 23: "in 1 minutes")', () => {
    const locked = (lang: 'en' | 'de' | 'ru', minutes: number) =>
      translate(lang, 'trade_password_locked', { minutes });
    expect([1, 2, 5, 21].map((n) => locked('en', n))).toEqual([
      'Too many wrong transaction passwords. Please try again in 1 minute.',
      'Too many wrong transaction passwords. Please try again in 2 minutes.',
      'Too many wrong transaction passwords. Please try again in 5 minutes.',
      'Too many wrong transaction passwords. Please try again in 21 minutes.',
    ]);
    expect([1, 2, 5, 21].map((n) => locked('de', n).match(/in (\d+ \w+) erneut/)?.[1])).toEqual([
      '1 Minute',
      '2 Minuten',
      '5 Minuten',
      '21 Minuten',
    ]);
    expect([1, 2, 5, 21].map((n) => locked('ru', n).match(/через (\d+ \S+)\./)?.[1])).toEqual([
      '1 минуту',
      '2 минуты',
      '5 минут',
      '21 минуту',
    ]);
    expect(translate('en', 'code.body.register', { code: '123456', minutes: 1 })).toContain(
      'It is valid for 1 minute.',
    );
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

  it('start a sentence that opens with a field’s name with a capital, and leave the others as written', () => {
    const field = fieldName('en', 'price');
    expect(field).toBe('the price');
    expect(translate('en', 'field_invalid', { field })).toBe('The price is not valid.');
    expect(translate('en', 'field_required', { field })).toBe('Please enter the price.');
    expect(translate('fr', 'field_invalid', { field: fieldName('fr', 'price') })).toBe(
      "La valeur saisie pour le prix n'est pas valide.",
    );
  });

  it("show an amount param by the app's rule for amounts: the asset's display decimals, the reader's separators", () => {
    const usdt = { displayDecimals: 2 };
    const minimum = { minimum: amountParam('1000', usdt), asset: 'USDT' };
    expect(translate('en', 'withdraw_below_minimum', minimum)).toBe(
      'The minimum withdrawal is 1,000.00 USDT.',
    );
    expect(translate('de', 'withdraw_below_minimum', minimum)).toBe(
      'Die Mindestauszahlung beträgt 1.000,00 USDT.',
    );
    const btc = { fee: amountParam('0.0005', { displayDecimals: 8 }), asset: 'BTC' };
    expect(translate('en', 'withdraw_not_above_fee', btc)).toBe(
      'The amount must be more than the fee of 0.0005 BTC.',
    );
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
