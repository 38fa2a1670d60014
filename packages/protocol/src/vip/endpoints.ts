import { endpoints, get, post } from '../endpoint.ts';
import type { adminVipSchedule, updateVipScheduleBody, vipInfo, vipInfoBody } from './schemas.ts';

/** The user's VIP page. */
export const vipEndpoints = endpoints('vip', {
  info: post<typeof vipInfoBody, typeof vipInfo>('/api/vip/info', {
    auth: 'user',
    summary:
      'The caller’s VIP level, 30-day volume, what is left to the next level, and the schedule with its fees on a spot pair',
  }),
});

/** The VIP schedule in the back office: read by any operator, edited by admins. */
export const vipAdminEndpoints = endpoints('admin', {
  levels: get<undefined, typeof adminVipSchedule>('/api/admin/vip/levels', {
    auth: 'operator',
    summary: 'The VIP schedule with the number of users at each level',
  }),
  update: post<typeof updateVipScheduleBody, typeof adminVipSchedule>('/api/admin/vip/levels/update', {
    auth: 'operator',
    roles: ['admin'],
    summary:
      'Replace the VIP schedule (admin): VIP0 to VIP5 once each, multipliers in (0, 1], VIP0 from 0, minimums rising',
  }),
});
