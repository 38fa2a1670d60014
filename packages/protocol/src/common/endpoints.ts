import type { emptyBody } from '../contract.ts';
import { endpoints, post } from '../endpoint.ts';
import type { publicSettings } from './schemas.ts';

/** What the app reads at start. */
export const commonEndpoints = endpoints('common', {
  settings: post<typeof emptyBody, typeof publicSettings>('/api/common/getsetting', {
    auth: 'public',
    summary: 'Public settings',
  }),
});
