/**
 * Rules by jurisdiction (issue 29, decision 0146; PRODUCT.md "Jurisdictions"): what a user may trade
 * follows their country, the verified nationality or, before verification, the phone's country, and
 * an operator-set profile per country. A country without a profile has the platform's own rules.
 */

/** ESMA's leverage classes for retail CFDs (product intervention, 2018; FCA alike). */
export const LEVERAGE_CLASSES = [
  'majorFx',
  'otherFx',
  'goldIndex',
  'otherCommodity',
  'stock',
  'crypto',
] as const;
export type LeverageClass = (typeof LEVERAGE_CLASSES)[number];

/** ESMA's caps: 30 major forex, 20 other forex, gold and major indices, 10 other commodities, 5 single stocks, 2 crypto. */
export const ESMA_LEVERAGE_CAPS: Readonly<Record<LeverageClass, number>> = {
  majorFx: 30,
  otherFx: 20,
  goldIndex: 20,
  otherCommodity: 10,
  stock: 5,
  crypto: 2,
};

/**
 * ESMA's close-out: positions are closed when equity falls to 50% of the initial margin they need
 * (notional at the mark / leverage). Held per position here (decision 0150: isolated margin).
 */
export const ESMA_CLOSE_OUT_LEVEL = '0.5';

/** The EU's 27, the EEA's three more, and the UK (FCA's rules match ESMA's for CFDs and binaries). */
export const ESMA_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'GB',
];

/** ESMA's "major currency pairs": any two of these. */
const MAJOR_CURRENCIES = new Set(['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF']);
const GOLD = 'XAU';

/** Which ESMA class an instrument is in, from its registry class and currencies. */
export function leverageClassOf(instrument: { class: string; base: string; quote: string }): LeverageClass {
  switch (instrument.class) {
    case 'forex':
      return MAJOR_CURRENCIES.has(instrument.base) && MAJOR_CURRENCIES.has(instrument.quote)
        ? 'majorFx'
        : 'otherFx';
    case 'metal':
      return instrument.base === GOLD ? 'goldIndex' : 'otherCommodity';
    case 'commodity':
      return 'otherCommodity';
    case 'stock':
      return 'stock';
    default:
      return 'crypto';
  }
}

/** A country's profile, as the back office keeps it. */
export interface JurisdictionProfile {
  country: string;
  /** Seconds contracts (retail binary options: banned in the EU and the UK). */
  secondsAllowed: boolean;
  /** The highest leverage per class; a class not named is not capped beyond the instrument's own. */
  leverageCaps: Partial<Record<LeverageClass, number>>;
  /** Deposit-bonus activities for CFD trading (incentives restricted in the EU and the UK). */
  cfdBonuses: boolean;
  /**
   * Margin close-out level, a fraction of the initial margin (ESMA: '0.5'); null: none beyond the
   * instrument's maintenance brackets (decision 0150).
   */
  closeOutLevel: string | null;
}

/** The profile ESMA's rules give a country of the EU, the EEA or the UK. */
export function esmaProfile(country: string): JurisdictionProfile {
  return {
    country,
    secondsAllowed: false,
    leverageCaps: { ...ESMA_LEVERAGE_CAPS },
    cfdBonuses: false,
    closeOutLevel: ESMA_CLOSE_OUT_LEVEL,
  };
}

/** The user's country: the verified nationality first (it is checked), else the phone's, else unknown. */
export function jurisdictionCountry(nationality: string | null, phoneCountry: string | null): string | null {
  const valid = (c: string | null) => (c !== null && /^[A-Z]{2}$/.test(c) ? c : null);
  return valid(nationality) ?? valid(phoneCountry);
}

/**
 * The highest leverage a user of this profile may take on an instrument whose own cap (and class
 * cap) is `own`: the lower of the two; `own` without a profile or a cap for the class.
 */
export function jurisdictionLeverageCap(
  profile: JurisdictionProfile | null,
  klass: LeverageClass,
  own: number,
): number {
  const cap = profile?.leverageCaps[klass];
  return cap === undefined ? own : Math.max(1, Math.min(own, Math.floor(cap)));
}
