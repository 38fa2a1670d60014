import type { UserEvent } from '@otc/protocol/socket/schemas';
import { USER_EVENT_FIELD } from '@otc/protocol/socket/user-event-fields';

/**
 * Whether a `user` channel frame is an event the screens know: one of the protocol's kinds with its
 * field. The kinds come from the protocol's one list, so none is taken for a gap (a resync reloads
 * every money query: `position` and `positionOrder` events once did that on every move).
 */
export function isUserEvent(data: unknown): data is UserEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { kind } = data as { kind?: unknown };
  if (typeof kind !== 'string' || !Object.hasOwn(USER_EVENT_FIELD, kind)) return false;
  const field = USER_EVENT_FIELD[kind as UserEvent['kind']];
  const value = (data as Record<string, unknown>)[field];
  return kind === 'notice' ? typeof value === 'number' : value !== undefined && value !== null;
}
