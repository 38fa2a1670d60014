import { contract, emptyBody } from '../contract.ts';
import { notificationsEndpoints } from './endpoints.ts';
import {
  notice,
  noticeDetailBody,
  noticeList,
  noticeListBody,
  noticeReadBody,
  noticeUnread,
} from './schemas.ts';

export const notificationsContract = contract(notificationsEndpoints, {
  list: { body: noticeListBody, response: noticeList },
  read: { body: noticeReadBody, response: noticeUnread },
  detail: { body: noticeDetailBody, response: notice },
  unread: { body: emptyBody, response: noticeUnread },
});
