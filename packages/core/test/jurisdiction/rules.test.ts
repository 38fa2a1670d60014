import { describe, expect, it } from 'vitest';
import {
  ESMA_COUNTRIES,
  ESMA_LEVERAGE_CAPS,
  esmaProfile,
  jurisdictionCountry,
  jurisdictionLeverageCap,
  leverageClassOf,
} from '../../src/jurisdiction/rules.ts';

describe('rules by jurisdiction', () => {
  it("puts each instrument in ESMA's class", () => {
    const cls = (c: string, base: string, quote: string) => leverageClassOf({ class: c, base, quote });
    expect(cls('forex', 'EUR', 'USD')).toBe('majorFx');
    expect(cls('forex', 'USD', 'JPY')).toBe('majorFx');
    expect(cls('forex', 'GBP', 'CHF')).toBe('majorFx');
    // Any currency outside the six makes a pair "other".
    expect(cls('forex', 'AUD', 'USD')).toBe('otherFx');
    expect(cls('forex', 'USD', 'CNH')).toBe('otherFx');
    expect(cls('metal', 'XAU', 'USD')).toBe('goldIndex');
    expect(cls('metal', 'XAG', 'USD')).toBe('otherCommodity');
    expect(cls('commodity', 'WTI', 'USD')).toBe('otherCommodity');
    expect(cls('stock', 'AAPL', 'USD')).toBe('stock');
    expect(cls('crypto', 'BTC', 'USD')).toBe('crypto');
    expect(cls('crypto', 'BTC', 'USDT')).toBe('crypto');
  });

  it("gives ESMA's caps and bans to the EU, the EEA and the UK", () => {
    expect(ESMA_LEVERAGE_CAPS).toEqual({
      majorFx: 30,
      otherFx: 20,
      goldIndex: 20,
      otherCommodity: 10,
      stock: 5,
      crypto: 2,
    });
    expect(ESMA_COUNTRIES).toHaveLength(31);
    expect(ESMA_COUNTRIES).toEqual(expect.arrayContaining(['DE', 'FR', 'GB', 'NO', 'IS', 'LI']));
    expect(ESMA_COUNTRIES).not.toContain('CH');
    expect(esmaProfile('DE')).toEqual({
      country: 'DE',
      secondsAllowed: false,
      leverageCaps: ESMA_LEVERAGE_CAPS,
      cfdBonuses: false,
      // Closed out at 50% of the initial margin (decision 0150).
      closeOutLevel: '0.5',
    });
  });

  it('caps leverage at the lower of the instrument and the profile', () => {
    const de = esmaProfile('DE');
    // A BTC perpetual offers 100x; a German user gets 2x.
    expect(jurisdictionLeverageCap(de, 'crypto', 100)).toBe(2);
    // EUR/USD offers 100x: 30x. A stock's own 5x is the same as ESMA's.
    expect(jurisdictionLeverageCap(de, 'majorFx', 100)).toBe(30);
    expect(jurisdictionLeverageCap(de, 'stock', 5)).toBe(5);
    // An instrument whose own cap is lower keeps it.
    expect(jurisdictionLeverageCap(de, 'otherFx', 10)).toBe(10);
    // No profile, or a class the profile leaves open: the instrument's own.
    expect(jurisdictionLeverageCap(null, 'crypto', 100)).toBe(100);
    expect(jurisdictionLeverageCap({ ...de, leverageCaps: { stock: 3 } }, 'crypto', 100)).toBe(100);
  });

  it('takes the verified nationality first, then the phone, and nothing malformed', () => {
    expect(jurisdictionCountry('DE', 'US')).toBe('DE');
    expect(jurisdictionCountry(null, 'GB')).toBe('GB');
    expect(jurisdictionCountry(null, null)).toBeNull();
    expect(jurisdictionCountry('de', null)).toBeNull();
    expect(jurisdictionCountry('DEU', 'FR')).toBe('FR');
  });
});
