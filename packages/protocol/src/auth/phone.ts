import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A mobile number in E.164 (+, calling code, national significant number), the one form numbers are
 * stored, looked up and texted in. `typed` is what the person typed: with its own + it is read as
 * international, else as a national number of `region` (ISO 3166 alpha-2, the calling code chosen),
 * trunk prefix and all: Italy keeps its leading 0 (06 1234 5678 is +390612345678), Russia's
 * 8 goes (8 916 123 45 67 is +79161234567). Stripping every leading 0 by hand got both wrong.
 * Null when it is not a valid number of that country (libphonenumber's metadata decides).
 */
export function toE164(typed: string, region?: string): string | null {
  const country = region && /^[A-Z]{2}$/.test(region) ? (region as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(typed.trim(), country ? { defaultCountry: country } : undefined);
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether `value` is already a valid number in E.164 (what the server sends back and stores). */
export function isE164(value: string): boolean {
  return value.startsWith('+') && toE164(value) === value;
}
