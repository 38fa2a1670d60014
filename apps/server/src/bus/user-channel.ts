import type { UserEvent } from '@otc/protocol/socket/schemas';
import type { Bus } from './bus.ts';

/**
 * The private `user` channel. On the bus each user's events travel on `user:<id>`; the socket
 * gateway hands them only to connections authenticated as that user, numbering them per
 * connection (so the bus message's own seq is 0).
 */
export const userBusChannel = (userId: string) => `user:${userId}`;
export const USER_BUS_PREFIX = 'user:';

export function publishUserEvent(bus: Bus, userId: string, event: UserEvent): void {
  bus.publish({ channel: userBusChannel(userId), seq: 0, data: event });
}
