import type { UserEvent } from './schemas.ts';

/**
 * The field each kind of user event carries, keyed by every kind of the union: a kind added to
 * `userEvent` and not here fails typecheck, so the web's filter (which reads this) cannot forget it
 * again (it once took `position` events for gaps and reloaded every money query on each).
 */
export const USER_EVENT_FIELD: {
  readonly [K in UserEvent['kind']]: Exclude<keyof Extract<UserEvent, { kind: K }>, 'kind'>;
} = {
  order: 'order',
  balance: 'asset',
  notice: 'unread',
  position: 'position',
  positionOrder: 'order',
  seconds: 'order',
  withdrawal: 'withdrawal',
  deposit: 'deposit',
  bankDeposit: 'deposit',
};
