import type { emptyBody } from '../contract.ts';
import { endpoints, post } from '../endpoint.ts';
import type {
  notice,
  noticeDetailBody,
  noticeList,
  noticeListBody,
  noticeReadBody,
  noticeUnread,
} from './schemas.ts';

/** The caller's notification inbox (the seed's `noticelist` and `noticeread`, and two of ours). */
export const notificationsEndpoints = endpoints('notifications', {
  list: post<typeof noticeListBody, typeof noticeList>('/api/common/noticelist', {
    auth: 'user',
    summary: 'The caller’s notifications, newest first, in the request’s language, with the unread count',
  }),
  read: post<typeof noticeReadBody, typeof noticeUnread>('/api/common/noticeread', {
    auth: 'user',
    summary: 'Mark one notification (`id`) or all (`all: true`) read; answers the unread count',
  }),
  detail: post<typeof noticeDetailBody, typeof notice>('/api/common/noticedetail', {
    auth: 'user',
    summary: 'One of the caller’s notifications, which reading marks read',
  }),
  unread: post<typeof emptyBody, typeof noticeUnread>('/api/common/noticeunread', {
    auth: 'user',
    summary: 'How many of the caller’s notifications are unread',
  }),
});
