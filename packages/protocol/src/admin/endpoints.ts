import type { noData } from '../contract.ts';
import { endpoints, get, post } from '../endpoint.ts';
import type {
  adminJobs,
  adminLoginBody,
  adminSession,
  adminUsersPage,
  adminUsersQuery,
  auditPage,
  auditQuery,
  changeOperatorPasswordBody,
  createOperatorBody,
  operator,
  operatorList,
  outboxPage,
  outboxQuery,
  setUserStatusBody,
} from './schemas.ts';

/** The back office's own calls: operators, their sessions, users, the outbox and the audit log. */
export const adminEndpoints = endpoints('admin', {
  login: post<typeof adminLoginBody, typeof adminSession>('/api/admin/login', {
    auth: 'public',
    summary: 'Operator login',
  }),
  logout: post<undefined, typeof noData>('/api/admin/logout', {
    auth: 'operator',
    summary: 'Operator logout',
  }),
  me: get<undefined, typeof operator>('/api/admin/me', {
    auth: 'operator',
    summary: 'The signed-in operator',
  }),
  changePassword: post<typeof changeOperatorPasswordBody, typeof noData>('/api/admin/password', {
    auth: 'operator',
    summary: "Change the signed-in operator's own password (every role); the operator's other sessions end",
  }),
  users: get<typeof adminUsersQuery, typeof adminUsersPage>('/api/admin/users', {
    auth: 'operator',
    summary: 'Search users',
  }),
  setUserStatus: post<typeof setUserStatusBody, typeof noData>('/api/admin/users/status', {
    auth: 'operator',
    roles: ['admin'],
    summary: 'Disable or enable a user (admin)',
  }),
  outbox: get<typeof outboxQuery, typeof outboxPage>('/api/admin/outbox', {
    auth: 'operator',
    summary: 'The dev outbox of codes sent',
  }),
  audit: get<typeof auditQuery, typeof auditPage>('/api/admin/audit', {
    auth: 'operator',
    summary: 'The audit log of operator actions',
  }),
  operators: get<undefined, typeof operatorList>('/api/admin/operators', {
    auth: 'operator',
    summary: 'Operators',
  }),
  createOperator: post<typeof createOperatorBody, typeof operator>('/api/admin/operators', {
    auth: 'operator',
    roles: ['admin'],
    summary: 'Create an operator (admin)',
  }),
  jobs: get<undefined, typeof adminJobs>('/api/admin/jobs', {
    auth: 'operator',
    summary: 'Scheduled and one-off jobs, with the latest runs and failures',
  }),
});
