import { adminContract as admin } from '@otc/protocol/admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { listJobs } from '../platform/jobs/listing.ts';

/** The back office's view of the durable jobs: read-only, so any operator (as the outbox and audit log). */
export function adminJobsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, admin.jobs, () => listJobs(ctx.db));
}
