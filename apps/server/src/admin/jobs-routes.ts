import { adminJobs } from '@otc/protocol/admin';
import { envelope } from '@otc/protocol/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { listJobs } from '../platform/jobs/listing.ts';

/** The back office's view of the durable jobs: read-only, so any operator (as the outbox and audit log). */
export function adminJobsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Scheduled and one-off jobs, with the latest runs and failures',
        response: { 200: envelope(adminJobs) },
      },
      config: { auth: 'operator' },
    },
    async (req) => ok(req, await listJobs(ctx.db)),
  );
}
