/** The jurisdiction area's one module for the other areas: what the user's country changes. */
export { CountryRules } from './CountryRules.tsx';
