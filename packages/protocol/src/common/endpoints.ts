import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas>();

/** What the app reads at start. */
export const commonEndpoints = endpoints('common', {
  settings: post('/api/common/getsetting', {
    body: 'emptyBody',
    response: 'publicSettings',
    auth: 'public',
    summary: 'Public settings',
  }),
});
