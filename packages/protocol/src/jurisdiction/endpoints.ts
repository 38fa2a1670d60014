import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The caller's jurisdiction, which screens read to say what is off and why. */
export const jurisdictionEndpoints = endpoints('jurisdiction', {
  mine: post('/api/jurisdiction/mine', {
    body: 'emptyBody',
    response: 'myJurisdiction',
    auth: 'user',
    summary: 'The caller’s country (verified nationality, else phone) and the rules its profile sets',
  }),
});

/** The profiles in the back office: read by any operator, written by admins (every change audited). */
export const jurisdictionAdminEndpoints = endpoints('admin', {
  list: get('/api/admin/jurisdictions', {
    response: 'jurisdictionProfiles',
    auth: 'operator',
    summary: 'Every country’s profile (countries without one have the platform’s own rules)',
  }),
  save: post('/api/admin/jurisdictions/save', {
    body: 'jurisdictionProfile',
    response: 'jurisdictionProfile',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Create or replace a country’s profile (admin; audited with the profile before and after)',
  }),
  remove: post('/api/admin/jurisdictions/delete', {
    body: 'jurisdictionCountryBody',
    response: 'jurisdictionProfiles',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Delete a country’s profile: the platform’s own rules apply there again (admin; audited)',
  }),
});
