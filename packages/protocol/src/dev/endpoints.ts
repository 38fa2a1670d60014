import { endpoints, get, post } from '../endpoint.ts';
import type { devClock, devClockBody } from './schemas.ts';

/**
 * Development calls: they exist only on a server whose clock is manual (CLOCK=manual, which
 * production ignores); anywhere else their paths are an ordinary 404.
 */
export const devEndpoints = endpoints('dev', {
  clock: get<undefined, typeof devClock>('/api/dev/clock', {
    auth: 'public',
    summary: 'The manual clock (CLOCK=manual only)',
  }),
  moveClock: post<typeof devClockBody, typeof devClock>('/api/dev/clock', {
    auth: 'public',
    summary: 'Move the manual clock forward by advanceMs, or to an instant (CLOCK=manual only)',
  }),
});
