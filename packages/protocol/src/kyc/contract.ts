import { contract, emptyBody } from '../contract.ts';
import { kycAdminEndpoints, kycEndpoints } from './endpoints.ts';
import {
  applyBody,
  approveKycBody,
  kycApplication,
  kycApplicationQuery,
  kycApplicationsPage,
  kycApplicationsQuery,
  kycState,
  rejectKycBody,
} from './schemas.ts';

export const kycContract = contract(kycEndpoints, {
  apply: { body: applyBody, response: kycState },
  status: { body: emptyBody, response: kycState },
});

export const kycAdminContract = contract(kycAdminEndpoints, {
  applications: { body: kycApplicationsQuery, response: kycApplicationsPage },
  application: { body: kycApplicationQuery, response: kycApplication },
  approve: { body: approveKycBody, response: kycApplication },
  reject: { body: rejectKycBody, response: kycApplication },
});
