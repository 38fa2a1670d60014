import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The back office's own calls: operators, their sessions, users, the outbox and the audit log. */
export const adminEndpoints = endpoints('admin', {
  login: post('/api/admin/login', {
    body: 'adminLoginBody',
    response: 'adminSession',
    auth: 'public',
    summary: 'Operator login',
  }),
  logout: post('/api/admin/logout', { response: 'noData', auth: 'operator', summary: 'Operator logout' }),
  me: get('/api/admin/me', { response: 'operator', auth: 'operator', summary: 'The signed-in operator' }),
  changePassword: post('/api/admin/password', {
    body: 'changeOperatorPasswordBody',
    response: 'noData',
    auth: 'operator',
    summary: "Change the signed-in operator's own password (every role); the operator's other sessions end",
  }),
  users: get('/api/admin/users', {
    body: 'adminUsersQuery',
    response: 'adminUsersPage',
    auth: 'operator',
    summary: 'Search users',
  }),
  setUserStatus: post('/api/admin/users/status', {
    body: 'setUserStatusBody',
    response: 'noData',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Disable or enable a user (admin)',
  }),
  resetUserTotp: post('/api/admin/users/totp/reset', {
    body: 'resetUserTotpBody',
    response: 'noData',
    auth: 'operator',
    roles: ['admin'],
    summary:
      'Turn a user’s two-factor sign-in off after an identity check out of band (a lost phone and recovery codes), with the reason (admin); the user is signed out and told',
  }),
  outbox: get('/api/admin/outbox', {
    body: 'outboxQuery',
    response: 'outboxPage',
    auth: 'operator',
    summary: 'The dev outbox of codes sent',
  }),
  audit: get('/api/admin/audit', {
    body: 'auditQuery',
    response: 'auditPage',
    auth: 'operator',
    summary: 'The audit log of operator actions',
  }),
  operators: get('/api/admin/operators', {
    response: 'operatorList',
    auth: 'operator',
    summary: 'Operators',
  }),
  createOperator: post('/api/admin/operators', {
    body: 'createOperatorBody',
    response: 'operator',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Create an operator (admin)',
  }),
  jobs: get('/api/admin/jobs', {
    response: 'adminJobs',
    auth: 'operator',
    summary: 'Scheduled and one-off jobs, with the latest runs and failures',
  }),
});
