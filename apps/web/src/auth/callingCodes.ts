/**
 * Country calling codes (ITU-T E.164) by ISO 3166-1 region, for the phone sign-up's picker. Names
 * come from Intl.DisplayNames in the reader's language, so this table holds only codes. Regions of
 * the North American plan that dial +1 and an area code list the whole prefix (Jamaica: 1876).
 */
export const CALLING_CODES: Readonly<Record<string, string>> = {
  AD: '376',
  AE: '971',
  AF: '93',
  AG: '1268',
  AI: '1264',
  AL: '355',
  AM: '374',
  AO: '244',
  AR: '54',
  AS: '1684',
  AT: '43',
  AU: '61',
  AW: '297',
  AZ: '994',
  BA: '387',
  BB: '1246',
  BD: '880',
  BE: '32',
  BF: '226',
  BG: '359',
  BH: '973',
  BI: '257',
  BJ: '229',
  BM: '1441',
  BN: '673',
  BO: '591',
  BR: '55',
  BS: '1242',
  BT: '975',
  BW: '267',
  BY: '375',
  BZ: '501',
  CA: '1',
  CD: '243',
  CF: '236',
  CG: '242',
  CH: '41',
  CI: '225',
  CK: '682',
  CL: '56',
  CM: '237',
  CN: '86',
  CO: '57',
  CR: '506',
  CU: '53',
  CV: '238',
  CW: '599',
  CY: '357',
  CZ: '420',
  DE: '49',
  DJ: '253',
  DK: '45',
  DM: '1767',
  DO: '1809',
  DZ: '213',
  EC: '593',
  EE: '372',
  EG: '20',
  ER: '291',
  ES: '34',
  ET: '251',
  FI: '358',
  FJ: '679',
  FM: '691',
  FO: '298',
  FR: '33',
  GA: '241',
  GB: '44',
  GD: '1473',
  GE: '995',
  GF: '594',
  GH: '233',
  GI: '350',
  GL: '299',
  GM: '220',
  GN: '224',
  GP: '590',
  GQ: '240',
  GR: '30',
  GT: '502',
  GU: '1671',
  GW: '245',
  GY: '592',
  HK: '852',
  HN: '504',
  HR: '385',
  HT: '509',
  HU: '36',
  ID: '62',
  IE: '353',
  IL: '972',
  IN: '91',
  IQ: '964',
  IR: '98',
  IS: '354',
  IT: '39',
  JM: '1876',
  JO: '962',
  JP: '81',
  KE: '254',
  KG: '996',
  KH: '855',
  KI: '686',
  KM: '269',
  KN: '1869',
  KP: '850',
  KR: '82',
  KW: '965',
  KY: '1345',
  KZ: '7',
  LA: '856',
  LB: '961',
  LC: '1758',
  LI: '423',
  LK: '94',
  LR: '231',
  LS: '266',
  LT: '370',
  LU: '352',
  LV: '371',
  LY: '218',
  MA: '212',
  MC: '377',
  MD: '373',
  ME: '382',
  MG: '261',
  MH: '692',
  MK: '389',
  ML: '223',
  MM: '95',
  MN: '976',
  MO: '853',
  MQ: '596',
  MR: '222',
  MT: '356',
  MU: '230',
  MV: '960',
  MW: '265',
  MX: '52',
  MY: '60',
  MZ: '258',
  NA: '264',
  NC: '687',
  NE: '227',
  NG: '234',
  NI: '505',
  NL: '31',
  NO: '47',
  NP: '977',
  NR: '674',
  NZ: '64',
  OM: '968',
  PA: '507',
  PE: '51',
  PF: '689',
  PG: '675',
  PH: '63',
  PK: '92',
  PL: '48',
  PR: '1787',
  PS: '970',
  PT: '351',
  PW: '680',
  PY: '595',
  QA: '974',
  RE: '262',
  RO: '40',
  RS: '381',
  RU: '7',
  RW: '250',
  SA: '966',
  SB: '677',
  SC: '248',
  SD: '249',
  SE: '46',
  SG: '65',
  SI: '386',
  SK: '421',
  SL: '232',
  SM: '378',
  SN: '221',
  SO: '252',
  SR: '597',
  SS: '211',
  ST: '239',
  SV: '503',
  SY: '963',
  SZ: '268',
  TC: '1649',
  TD: '235',
  TG: '228',
  TH: '66',
  TJ: '992',
  TL: '670',
  TM: '993',
  TN: '216',
  TO: '676',
  TR: '90',
  TT: '1868',
  TV: '688',
  TW: '886',
  TZ: '255',
  UA: '380',
  UG: '256',
  US: '1',
  UY: '598',
  UZ: '998',
  VA: '379',
  VC: '1784',
  VE: '58',
  VG: '1284',
  VI: '1340',
  VN: '84',
  VU: '678',
  WS: '685',
  XK: '383',
  YE: '967',
  ZA: '27',
  ZM: '260',
  ZW: '263',
};

export const FALLBACK_REGION = 'US';

/** The region a browser locale names ("de-DE", "pt-BR"), else the likeliest one for its language. */
export function regionOfLocale(locale: string | undefined): string {
  if (!locale) return FALLBACK_REGION;
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && region in CALLING_CODES ? region : FALLBACK_REGION;
  } catch {
    return FALLBACK_REGION;
  }
}

/**
 * The number as the server takes it (an international number: +, calling code, digits; see
 * PHONE_PATTERN): spaces and signs go, so does the trunk 0 people dial at home (030 in Berlin).
 * A number typed with its own + is taken as already international.
 */
export function internationalNumber(callingCode: string, typed: string): string {
  const trimmed = typed.trim();
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`;
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return '';
  return `+${callingCode}${digits.replace(/^0+/, '')}`;
}

export interface CallingCodeOption {
  region: string;
  code: string;
  name: string;
}

/** Every region with its calling code and its name in `language`, sorted by that name. */
export function callingCodeOptions(language: string): CallingCodeOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return Object.entries(CALLING_CODES)
    .map(([region, code]) => ({ region, code, name: names?.of(region) ?? region }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/** Options whose name, region or calling code contain the query (a "+" and spaces are ignored). */
export function searchCallingCodes(
  options: readonly CallingCodeOption[],
  query: string,
): CallingCodeOption[] {
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return [...options];
  return options.filter(
    (o) => o.name.toLowerCase().includes(q) || o.region.toLowerCase() === q || o.code.startsWith(q),
  );
}
