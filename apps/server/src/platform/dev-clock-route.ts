import { devContract as dev } from '@otc/protocol/dev/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { type Clock, ManualClock } from './clock.ts';

/**
 * `GET` and `POST /api/dev/clock`: read and move a manual clock, so a developer or an e2e journey
 * sees an expiry or a job's run without waiting. Registered only when the server runs on a manual
 * clock (CLOCK=manual, which production ignores): anywhere else the path is an ordinary 404.
 */
export function devClockRoutes(app: FastifyInstance, clock: Clock): void {
  if (!(clock instanceof ManualClock)) return;
  const answer = () => ({ now: clock.date().toISOString() });
  route(app, dev.clock, async () => answer());
  route(app, dev.moveClock, async (req) => {
    if ('advanceMs' in req.body) clock.advance(req.body.advanceMs);
    else clock.set(new Date(req.body.to));
    return answer();
  });
}
