import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/**
 * Development calls: they exist only on a server whose clock is manual (CLOCK=manual, which
 * production ignores); anywhere else their paths are an ordinary 404.
 */
export const devEndpoints = endpoints('dev', {
  clock: get('/api/dev/clock', {
    response: 'devClock',
    auth: 'public',
    summary: 'The manual clock (CLOCK=manual only)',
  }),
  moveClock: post('/api/dev/clock', {
    body: 'devClockBody',
    response: 'devClock',
    auth: 'public',
    summary: 'Move the manual clock forward by advanceMs, or to an instant (CLOCK=manual only)',
  }),
});
