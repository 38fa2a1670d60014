import { notificationsEndpoints as notices } from '@otc/protocol/notifications/endpoints';
import { type CallOptions, call } from '../api/call.ts';

/** Per user, so another account signed in on the device never sees the last one's count. */
export const noticeKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  unread: (userId: string) => ['notifications', userId, 'unread'] as const,
  list: (userId: string) => ['notifications', userId, 'list'] as const,
  detail: (userId: string, id: string) => ['notifications', userId, 'detail', id] as const,
};

export const noticesApi = {
  unread: (options: CallOptions = {}) => call(notices.unread, {}, options),
  list: (page: number, pageSize: number) => call(notices.list, { page, pageSize }),
  /** Reading one marks it read. */
  detail: (id: string, options: CallOptions = {}) => call(notices.detail, { id }, options),
  readAll: () => call(notices.read, { all: true }),
};
