import { devClock, devClockBody } from '@otc/protocol/dev';
import { envelope } from '@otc/protocol/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope.ts';
import { type Clock, ManualClock } from './clock.ts';

/**
 * `GET` and `POST /api/dev/clock`: read and move a manual clock, so a developer or an e2e journey
 * sees an expiry or a job's run without waiting. Registered only when the server runs on a manual
 * clock (CLOCK=manual, which production ignores): anywhere else the path is an ordinary 404.
 */
export function devClockRoutes(app: FastifyInstance, clock: Clock): void {
  if (!(clock instanceof ManualClock)) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dev'];
  const answer = () => ({ now: clock.date().toISOString() });
  r.get(
    '/api/dev/clock',
    {
      schema: {
        tags,
        summary: 'The manual clock (CLOCK=manual only)',
        response: { 200: envelope(devClock) },
      },
    },
    async (req) => ok(req, answer()),
  );
  r.post(
    '/api/dev/clock',
    {
      schema: {
        tags,
        summary: 'Move the manual clock forward by advanceMs, or to an instant (CLOCK=manual only)',
        body: devClockBody,
        response: { 200: envelope(devClock) },
      },
    },
    async (req) => {
      if ('advanceMs' in req.body) clock.advance(req.body.advanceMs);
      else clock.set(new Date(req.body.to));
      return ok(req, answer());
    },
  );
}
