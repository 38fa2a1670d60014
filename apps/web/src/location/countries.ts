import { COUNTRY_CODES } from '@otc/protocol/common/countries';

export interface CountryOption {
  value: string;
  label: string;
}

/** Every country the platform knows, named in `language` (Intl.DisplayNames) and sorted by that name. */
export function countryOptions(language: string): CountryOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}
