import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** Invites, rebates and agent levels: every call answers about the caller alone. */
export const referralEndpoints = endpoints('referral', {
  promoteinfo: post('/api/common/promoteinfo', {
    body: 'emptyBody',
    response: 'promoteInfo',
    auth: 'user',
    live: true,
    summary: 'The caller’s invite code and link, invitee count, and today’s, this month’s and total rebates',
  }),
  rebates: post('/api/referral/rebates', {
    body: 'referralPageBody',
    response: 'rebateRecordsPage',
    auth: 'user',
    live: true,
    summary: 'The caller’s daily rebates, newest first',
  }),
  team: post('/api/referral/team', {
    body: 'referralPageBody',
    response: 'teamPage',
    auth: 'user',
    live: true,
    summary: 'The users the caller invited, contacts masked, newest first',
  }),
  agent: post('/api/referral/agent', {
    body: 'emptyBody',
    response: 'agentStats',
    auth: 'user',
    live: true,
    summary: 'The caller’s agent level, team figures, progress to the next level and the schedule',
  }),
});

/** The agent schedule and the default ratio in the back office: read by any operator, edited by admins. */
export const referralAdminEndpoints = endpoints('admin', {
  levels: get('/api/admin/referral/levels', {
    response: 'adminAgentSchedule',
    auth: 'operator',
    summary: 'The agent levels LV1..LV5 with their agents, and the ordinary referrer’s ratio',
  }),
  save: post('/api/admin/referral/levels/save', {
    body: 'saveAgentScheduleBody',
    response: 'adminAgentSchedule',
    auth: 'operator',
    roles: ['admin'],
    summary:
      'Replace the agent schedule and the default ratio (admin, audited): LV1..LV5 once each, ratios in [0, 1], maintenance no harder than the upgrade, each level asking and paying at least the one below',
  }),
});
