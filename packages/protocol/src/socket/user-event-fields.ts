import { type AreaRecords, recordsOf } from '../areas.ts';
import type { UserEvent } from './schemas.ts';

/** For each kind of the union, the fields its events carry (but `kind`). */
type FieldsOf = { readonly [K in UserEvent['kind']]: Exclude<keyof Extract<UserEvent, { kind: K }>, 'kind'> };
type Declared = AreaRecords<'userEventFields'>;

/**
 * Every kind of the union has its field declared by its area, and every declared field is one its
 * event carries: a kind added to `userEvent` and not to its area's `userEventFields` fails typecheck,
 * so the web's filter (which reads this) cannot forget it again (it once took `position` events for
 * gaps and reloaded every money query on each).
 */
const exact: [Declared] extends [FieldsOf]
  ? [keyof Declared] extends [keyof FieldsOf]
    ? true
    : 'an area declares a kind the union lacks'
  : 'a kind of the union lacks its field, or names a field its event does not carry' = true;
void exact;

/** The field each kind of user event carries, from the areas' vocabularies (`areas.ts`; zod-free). */
export const USER_EVENT_FIELD: FieldsOf = recordsOf('userEventFields');
