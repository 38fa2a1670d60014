import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** Deposit-bonus activities (the seed's `useractivity` and `joinactivity`, and one of ours). */
export const activityEndpoints = endpoints('activity', {
  list: post('/api/activity/useractivity', {
    body: 'userActivityBody',
    response: 'activityList',
    auth: 'user',
    summary: 'Activities with the caller’s booking: available, booked or ended (`type`), or all',
  }),
  join: post('/api/activity/joinactivity', {
    body: 'activityIdBody',
    response: 'activityItem',
    auth: 'user',
    live: true,
    summary: 'Book an open activity, once; its target is to be deposited within 7 days',
  }),
  detail: post('/api/activity/detail', {
    body: 'activityIdBody',
    response: 'activityItem',
    auth: 'user',
    summary: 'One activity with the caller’s booking, deposits counted so far and deadline',
  }),
});

/** Activities in the back office: read by any operator, created and closed by admins. */
export const activityAdminEndpoints = endpoints('admin', {
  list: get('/api/admin/activity/list', {
    response: 'adminActivityList',
    auth: 'operator',
    summary: 'Every activity with its bookings, bonuses paid and bonuses owed by open bookings',
  }),
  create: post('/api/admin/activity/create', {
    body: 'createActivityBody',
    response: 'adminActivity',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Create a deposit-bonus activity (admin): title, USDT target and bonus, start and end',
  }),
  status: post('/api/admin/activity/status', {
    body: 'activityStatusBody',
    response: 'adminActivity',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Close an activity to new bookings, or open it again (admin); open bookings keep their 7 days',
  }),
});
