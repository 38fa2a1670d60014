import type { ParseKeys } from 'i18next';

/** Any translation key of the English file (see types.d.ts). */
export type TKey = ParseKeys;
