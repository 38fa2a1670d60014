/**
 * What the funding area lends other areas' screens: a chain's name in the reader's language (the
 * proof page's signed reserves name their chains). Apart from an index so the first route never
 * loads it.
 */
export { useChainName } from './chainName.ts';
