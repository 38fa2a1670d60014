import type { emptyBody } from '../contract.ts';
import { endpoints, get, post } from '../endpoint.ts';
import type {
  applyBody,
  approveKycBody,
  kycApplication,
  kycApplicationQuery,
  kycApplicationsPage,
  kycApplicationsQuery,
  kycState,
  rejectKycBody,
} from './schemas.ts';

/** The user's identity verification. */
export const kycEndpoints = endpoints('kyc', {
  apply: post<typeof applyBody, typeof kycState>('/api/auth/applyApprove', {
    auth: 'user',
    summary:
      'Apply for identity verification (basic, then advanced once basic is verified); refused while one is under review',
  }),
  status: post<typeof emptyBody, typeof kycState>('/api/kyc/status', {
    auth: 'user',
    summary: 'Both levels’ state, a rejection’s reason and the fields last submitted',
  }),
});

/** Reviewing applications in the back office: read by any operator, decided by admins and reviewers. */
export const kycAdminEndpoints = endpoints('admin', {
  applications: get<typeof kycApplicationsQuery, typeof kycApplicationsPage>('/api/admin/kyc/applications', {
    auth: 'operator',
    summary: 'Identity verification applications, those under review first',
  }),
  application: get<typeof kycApplicationQuery, typeof kycApplication>('/api/admin/kyc/application', {
    auth: 'operator',
    summary: 'One application with every field and its two photos’ upload ids',
  }),
  approve: post<typeof approveKycBody, typeof kycApplication>('/api/admin/kyc/approve', {
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary: 'Approve an application under review (audited; the user is notified)',
  }),
  reject: post<typeof rejectKycBody, typeof kycApplication>('/api/admin/kyc/reject', {
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary: 'Reject an application under review with a reason shown to the user (audited; notified)',
  }),
});
