import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The user's identity verification. */
export const kycEndpoints = endpoints('kyc', {
  apply: post('/api/auth/applyApprove', {
    body: 'applyBody',
    response: 'kycState',
    auth: 'user',
    live: true,
    summary:
      'Apply for identity verification (basic, then advanced once basic is verified); refused while one is under review',
  }),
  status: post('/api/kyc/status', {
    body: 'emptyBody',
    response: 'kycState',
    auth: 'user',
    summary: 'Both levels’ state, a rejection’s reason and the fields last submitted',
  }),
});

/** Reviewing applications in the back office: read by any operator, decided by admins and reviewers. */
export const kycAdminEndpoints = endpoints('admin', {
  applications: get('/api/admin/kyc/applications', {
    body: 'kycApplicationsQuery',
    response: 'kycApplicationsPage',
    auth: 'operator',
    summary: 'Identity verification applications, those under review first',
  }),
  application: get('/api/admin/kyc/application', {
    body: 'kycApplicationQuery',
    response: 'kycApplication',
    auth: 'operator',
    summary: 'One application with every field and its two photos’ upload ids',
  }),
  approve: post('/api/admin/kyc/approve', {
    body: 'approveKycBody',
    response: 'kycApplication',
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary: 'Approve an application under review (audited; the user is notified)',
  }),
  reject: post('/api/admin/kyc/reject', {
    body: 'rejectKycBody',
    response: 'kycApplication',
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary: 'Reject an application under review with a reason shown to the user (audited; notified)',
  }),
});
