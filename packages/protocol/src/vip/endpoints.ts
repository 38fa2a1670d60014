import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The user's VIP page. */
export const vipEndpoints = endpoints('vip', {
  info: post('/api/vip/info', {
    body: 'vipInfoBody',
    response: 'vipInfo',
    auth: 'user',
    summary:
      'The caller’s VIP level, 30-day volume, what is left to the next level, and the schedule with its fees on a spot pair',
  }),
});

/** The VIP schedule in the back office: read by any operator, edited by admins. */
export const vipAdminEndpoints = endpoints('admin', {
  levels: get('/api/admin/vip/levels', {
    response: 'adminVipSchedule',
    auth: 'operator',
    summary: 'The VIP schedule with the number of users at each level',
  }),
  update: post('/api/admin/vip/levels/update', {
    body: 'updateVipScheduleBody',
    response: 'adminVipSchedule',
    auth: 'operator',
    roles: ['admin'],
    summary:
      'Replace the VIP schedule (admin): VIP0 to VIP5 once each, multipliers in (0, 1], VIP0 from 0, minimums rising',
  }),
});
