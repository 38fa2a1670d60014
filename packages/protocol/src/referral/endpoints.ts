import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas>();

/** Invites, rebates and agent levels (issue 27): every call answers about the caller alone. */
export const referralEndpoints = endpoints('referral', {
  promoteinfo: post('/api/common/promoteinfo', {
    body: 'emptyBody',
    response: 'promoteInfo',
    auth: 'user',
    summary: 'The caller’s invite code and link, invitee count, and today’s, this month’s and total rebates',
  }),
  rebates: post('/api/referral/rebates', {
    body: 'referralPageBody',
    response: 'rebateRecordsPage',
    auth: 'user',
    summary: 'The caller’s daily rebates, newest first',
  }),
  team: post('/api/referral/team', {
    body: 'referralPageBody',
    response: 'teamPage',
    auth: 'user',
    summary: 'The users the caller invited, contacts masked, newest first',
  }),
  agent: post('/api/referral/agent', {
    body: 'emptyBody',
    response: 'agentStats',
    auth: 'user',
    summary: 'The caller’s agent level, team figures, progress to the next level and the schedule',
  }),
});
