import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The country (ISO 3166-1 alpha-2) of a number in E.164, or null (a number of no one country, or none).
 * A file of its own: the web's sign-in screens load phone.ts, and this is the server's (decision 0146).
 */
export function phoneCountry(e164: string | null): string | null {
  if (!e164) return null;
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
