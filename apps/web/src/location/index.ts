/**
 * The location area's module: what a form needs to let the reader choose a place
 * (`/choose-location`) and take it back, and the country names in the reader's language.
 */
export { chosen, forget, keepDraft, keptDraft } from './choice.ts';
export { type CountryOption, countryOptions } from './countries.ts';
export { chooseHref } from './place.ts';
