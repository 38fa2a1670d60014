import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import ja from '../i18n/locales/ja.json';
import { instrumentName } from './instrumentName.ts';

async function tIn(lng: string, bundle: object) {
  const i = i18next.createInstance();
  await i.init({ lng, resources: { [lng]: { translation: bundle } }, interpolation: { escapeValue: false } });
  return i.t;
}

const perp = {
  name: 'Bitcoin perpetual',
  kind: 'perp',
  class: 'crypto',
  base: 'BTC',
  quote: 'USDT',
} as const;
const eurusd = { name: 'Euro / US Dollar', kind: 'cfd', class: 'forex', base: 'EUR', quote: 'USD' } as const;
const gold = { name: 'Gold', kind: 'cfd', class: 'metal', base: 'XAU', quote: 'USD' } as const;
const wti = { name: 'WTI Crude Oil', kind: 'cfd', class: 'commodity', base: 'WTI', quote: 'USD' } as const;
const apple = { name: 'Apple', kind: 'cfd', class: 'stock', base: 'AAPL', quote: 'USD' } as const;

describe('an instrument’s name in the reader’s language (issue 24)', () => {
  it('is German on a German screen: a perpetual, a currency pair, a metal, a commodity', async () => {
    const t = await tIn('de', de);
    expect(instrumentName(perp, t, 'de')).toBe('Bitcoin Perpetual-Kontrakt');
    expect(instrumentName(eurusd, t, 'de')).toBe('Euro / US-Dollar');
    expect(instrumentName(gold, t, 'de')).toBe('Gold');
    expect(instrumentName(wti, t, 'de')).toBe('Rohöl WTI');
    // A company's name is its own.
    expect(instrumentName(apple, t, 'de')).toBe('Apple');
  });

  it('is the catalogue’s in English and Japanese’s own in Japanese', async () => {
    const tEn = await tIn('en', en);
    expect(instrumentName(perp, tEn, 'en')).toBe('Bitcoin perpetual');
    expect(instrumentName(eurusd, tEn, 'en')).toBe('Euro / US Dollar');
    const tJa = await tIn('ja', ja);
    expect(instrumentName(perp, tJa, 'ja')).toBe('Bitcoin 無期限');
    expect(instrumentName(wti, tJa, 'ja')).toBe('WTI原油');
  });
});
