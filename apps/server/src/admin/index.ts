import type { AppContext } from '../context.ts';
import type { Area } from '../platform/area.ts';
import { adminJobsRoutes } from './jobs-routes.ts';
import { adminRoutes } from './routes.ts';
import { type FirstOperator, seedFirstOperator } from './service.ts';

/** The back office's own part: operators, their sessions, users' status, the audit log, the outbox, the jobs. */
export function adminArea(ctx: AppContext): Area & { firstOperator: () => FirstOperator | undefined } {
  let created: FirstOperator | undefined;
  return {
    name: 'admin',
    seed: async () => {
      created = await seedFirstOperator(ctx);
    },
    /** The operator this start created, if it did (for the start banner). */
    firstOperator: () => created,
    routes: (app) => {
      adminRoutes(app, ctx);
      adminJobsRoutes(app, ctx);
    },
  };
}

export type { FirstOperator } from './service.ts';
