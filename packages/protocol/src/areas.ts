import { activityVocabulary } from './activity/area.ts';
import { adminVocabulary } from './admin/area.ts';
import { alertsVocabulary } from './alerts/area.ts';
import type { AreaVocabulary } from './area.ts';
import { authVocabulary } from './auth/area.ts';
import { cashierVocabulary } from './cashier/area.ts';
import { chatVocabulary } from './chat/area.ts';
import { earnVocabulary } from './earn/area.ts';
import { exchangeVocabulary } from './exchange/area.ts';
import { jurisdictionVocabulary } from './jurisdiction/area.ts';
import { kycVocabulary } from './kyc/area.ts';
import { ledgerVocabulary } from './ledger/area.ts';
import { loanVocabulary } from './loan/area.ts';
import { newsVocabulary } from './news/area.ts';
import { nftVocabulary } from './nft/area.ts';
import { notificationsVocabulary } from './notifications/area.ts';
import { positionsVocabulary } from './positions/area.ts';
import { proofVocabulary } from './proof/area.ts';
import { referralVocabulary } from './referral/area.ts';
import { secondsVocabulary } from './seconds/area.ts';
import { spotVocabulary } from './spot/area.ts';
import { uploadsVocabulary } from './uploads/area.ts';
import { usersVocabulary } from './users/area.ts';
import { vipVocabulary } from './vip/area.ts';

/**
 * The one list of the areas' vocabularies (each area's `area.ts`): the journal kinds, the notice
 * kinds and the error keys are built from it (`ledger/journal-kinds.ts`, `notifications/kinds.ts`,
 * `errors.ts`), each a literal union. Zod-free: the schemas name these words. What the areas put on
 * the wire (contracts, user events) is listed in `wires.ts`, above the schemas.
 */
export const AREAS = [
  authVocabulary,
  usersVocabulary,
  adminVocabulary,
  ledgerVocabulary,
  exchangeVocabulary,
  proofVocabulary,
  uploadsVocabulary,
  notificationsVocabulary,
  kycVocabulary,
  cashierVocabulary,
  vipVocabulary,
  spotVocabulary,
  positionsVocabulary,
  secondsVocabulary,
  earnVocabulary,
  referralVocabulary,
  nftVocabulary,
  activityVocabulary,
  loanVocabulary,
  newsVocabulary,
  chatVocabulary,
  jurisdictionVocabulary,
  alertsVocabulary,
] as const satisfies readonly AreaVocabulary[];

type Listed<L extends readonly AreaVocabulary[]> = L[number];
/** Every word of one vocabulary, as the areas of a list (`AREAS` by default) declare it: a literal union. */
export type AreaWord<
  K extends 'journalKinds' | 'noticeKinds',
  L extends readonly AreaVocabulary[] = typeof AREAS,
> = Listed<L> extends infer A ? (A extends { readonly [P in K]: readonly (infer W)[] } ? W : never) : never;
/** Every area's records of one kind (errors: key to code; user events: kind to field), as one object type. */
export type AreaRecords<
  K extends 'errors' | 'userEventFields',
  L extends readonly AreaVocabulary[] = typeof AREAS,
> = (
  Listed<L> extends infer A
    ? A extends { readonly [P in K]: infer R }
      ? (r: R) => void
      : never
    : never
) extends (r: infer I) => void
  ? I
  : never;
/** Every area's errors, keys and codes, as one object type. */
export type AreaErrors = AreaRecords<'errors'>;

/**
 * Every area's records of one kind joined in one object, from a list (`AREAS` by default: the
 * new-area test passes one with its fixture); a key two areas declare fails here, at load.
 */
export function recordsOf<
  K extends 'errors' | 'userEventFields',
  L extends readonly AreaVocabulary[] = typeof AREAS,
>(kind: K, list: L = AREAS as unknown as L): AreaRecords<K, L> {
  const all: Record<string, unknown> = {};
  for (const area of list)
    for (const [key, value] of Object.entries(area[kind] ?? {})) {
      if (key in all) throw new Error(`declared by two areas (${kind}): ${key}`);
      all[key] = value;
    }
  return all as AreaRecords<K, L>;
}

/** Every word of one vocabulary in the list's order (`AREAS` by default); a word two areas declare fails here, at load. */
export function wordsOf<
  K extends 'journalKinds' | 'noticeKinds',
  L extends readonly AreaVocabulary[] = typeof AREAS,
>(kind: K, list: L = AREAS as unknown as L): readonly AreaWord<K, L>[] {
  const words = list.flatMap((a) => a[kind] ?? []);
  const twice = words.filter((w, i) => words.indexOf(w) !== i);
  if (twice.length > 0) throw new Error(`declared by two areas (${kind}): ${twice.join(', ')}`);
  return words as AreaWord<K, L>[];
}
