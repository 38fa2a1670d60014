import type { AppContext } from '../context.ts';
import type { Area } from '../platform/area.ts';
import { adminJobsRoutes } from './jobs-routes.ts';
import { adminRoutes } from './routes.ts';
import { seedFirstOperator } from './service.ts';

/** The back office's own part: operators, their sessions, users' status, the audit log, the outbox, the jobs. */
export function adminArea(ctx: AppContext): Area {
  return {
    name: 'admin',
    seed: () => seedFirstOperator(ctx),
    routes: (app) => {
      adminRoutes(app, ctx);
      adminJobsRoutes(app, ctx);
    },
  };
}
