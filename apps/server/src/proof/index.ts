import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { proofAdminRoutes } from './admin-routes.ts';
import { proofJobs } from './jobs.ts';
import { proofRoutes } from './routes.ts';

/** Proof of liabilities and reserves: daily Merkle sum snapshots of users' totals, each user's inclusion proof, the reserves signed for each. */
export function proofArea(ctx: AppContext): Area {
  return {
    name: 'proof',
    routes: (app) => {
      proofRoutes(app, ctx);
      proofAdminRoutes(app, ctx);
    },
    jobs: proofJobs(ctx),
  };
}

/** The area as `areas.ts` lists it. */
export const proofModule: AreaModule = {
  tables: ['proof_snapshots', 'proof_leaves', 'proof_reserves'],
  build: (ctx) => proofArea(ctx),
};
