import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { adminJobsRoutes } from './jobs-routes.ts';
import { adminRoutes } from './routes.ts';
import { type FirstOperator, seedFirstOperator } from './service.ts';

export type AdminArea = Area & { firstOperator: () => FirstOperator | undefined };

/** The back office's own part: operators, their sessions, users' status, the audit log, the outbox, the jobs. */
export function adminArea(ctx: AppContext): AdminArea {
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

export { type CommandLine, type Outcome, runCommand, USAGE } from './cli.ts';
export type { FirstOperator } from './service.ts';

/** The area as `areas.ts` lists it. */
export const adminModule: AreaModule<AdminArea> = {
  tables: ['operators', 'operator_sessions'],
  shares: ['operator_directory', 'operator_logins'],
  build: (ctx) => adminArea(ctx),
};
