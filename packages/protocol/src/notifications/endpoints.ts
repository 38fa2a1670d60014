import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas>();

/** The caller's notification inbox (the seed's `noticelist` and `noticeread`, and two of ours). */
export const notificationsEndpoints = endpoints('notifications', {
  list: post('/api/common/noticelist', {
    body: 'noticeListBody',
    response: 'noticeList',
    auth: 'user',
    summary: 'The caller’s notifications, newest first, in the request’s language, with the unread count',
  }),
  read: post('/api/common/noticeread', {
    body: 'noticeReadBody',
    response: 'noticeUnread',
    auth: 'user',
    summary: 'Mark one notification (`id`) or all (`all: true`) read; answers the unread count',
  }),
  detail: post('/api/common/noticedetail', {
    body: 'noticeDetailBody',
    response: 'notice',
    auth: 'user',
    summary: 'One of the caller’s notifications, which reading marks read',
  }),
  unread: post('/api/common/noticeunread', {
    body: 'emptyBody',
    response: 'noticeUnread',
    auth: 'user',
    summary: 'How many of the caller’s notifications are unread',
  }),
});
