import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** News and announcements (the seed's `news`, `newread`, `/api/stock/news`, and a detail). */
export const newsEndpoints = endpoints('news', {
  list: post('/api/common/news', {
    body: 'newsListBody',
    response: 'newsPage',
    auth: 'public',
    summary:
      'Published news and announcements in the caller’s language (English fallback), newest first; read marks for a signed-in caller',
  }),
  detail: post('/api/news/detail', {
    body: 'newsIdBody',
    response: 'newsDetail',
    auth: 'public',
    summary: 'One published item with its body as safe HTML',
  }),
  read: post('/api/common/newread', {
    body: 'newsIdBody',
    response: 'newsRead',
    auth: 'user',
    summary: 'Mark an item read: counted once per reader, however often it is called',
  }),
  instrument: post('/api/stock/news', {
    body: 'instrumentNewsBody',
    response: 'newsPage',
    auth: 'public',
    summary: 'Published items tagged with an instrument, newest first',
  }),
});

/** News in the back office: read by any operator, written by admins (every save audited). */
export const newsAdminEndpoints = endpoints('admin', {
  list: get('/api/admin/news/list', {
    response: 'adminNewsList',
    auth: 'operator',
    summary: 'Every item, scheduled ones included, with its texts and read count',
  }),
  save: post('/api/admin/news/save', {
    body: 'saveNewsBody',
    response: 'adminNews',
    auth: 'operator',
    roles: ['admin'],
    summary:
      'Create or edit an item (admin): kind, texts per language (English required), tags, publish time',
  }),
});
