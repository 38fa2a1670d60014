import type { CountryOption } from './countries.ts';

/**
 * The pure parts of the location pages: finding a country by what a reader types in their language,
 * writing a chosen place as one line, the link that opens it in the phone's maps app, and the way
 * back to the form that asked (decision 0130).
 */

export interface Place {
  /** ISO 3166 code; its name comes from Intl.DisplayNames in the reader's language. */
  country: string;
  region: string;
  city: string;
}

/** Folded for matching: case and accents set aside, as a reader types ("sao" finds "São Tomé"). */
const fold = (text: string, language: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(language).trim();

/** The countries whose name (in the reader's language) contains what was typed, or whose code is it. */
export function searchCountries(
  options: readonly CountryOption[],
  query: string,
  language: string,
): CountryOption[] {
  const q = fold(query, language);
  if (!q) return [...options];
  return options.filter((o) => fold(o.label, language).includes(q) || o.value.toLowerCase() === q);
}

/** "Lyon, Auvergne-Rhône-Alpes, France": the city first, the parts left empty left out. */
export function placeLine(place: Place, countryName: string): string {
  return [place.city.trim(), place.region.trim(), countryName].filter((part) => part.length > 0).join(', ');
}

/** The maps app's link for an address: `geo:` with the address as the query, no coordinates we do not have. */
export function geoLink(address: string): string {
  return `geo:0,0?q=${encodeURIComponent(address.trim())}`;
}

/** Where a form sends the reader to choose a place for one of its fields, and comes back to. */
export function chooseHref(returnTo: string, field: string): string {
  return `/choose-location?${new URLSearchParams({ returnTo, field }).toString()}`;
}

/** Only a path of this app may be returned to (never another site from a crafted link). */
export function safeReturn(returnTo: string | null): string | null {
  return returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null;
}
