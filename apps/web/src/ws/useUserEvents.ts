import { USER_CHANNEL } from '@otc/protocol/socket/constants';
import type { UserEvent } from '@otc/protocol/socket/schemas';
import { useChannel } from './useChannel.ts';
import { isUserEvent } from './userEvent.ts';

/**
 * The private `user` channel: each event (an order as it changed, a balance after a movement, a
 * position, withdrawal or deposit after a move, the unread notifications' count), and
 * `onResync` when the socket may have missed some (a fresh subscription, a reconnect, a gap: the
 * channel's snapshot carries no data), when a screen reloads what it shows over HTTP.
 */
export function useUserEvents(onEvent: (event: UserEvent) => void, onResync: () => void): void {
  useChannel<unknown>(USER_CHANNEL, (data, info) => {
    if (info.type === 'data' && isUserEvent(data)) onEvent(data);
    else onResync();
  });
}
