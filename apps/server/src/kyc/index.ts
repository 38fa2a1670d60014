import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { adminKycRoutes } from './admin-routes.ts';
import { kycRoutes } from './routes.ts';

export { requireVerification, verificationLevel, verifiedNationality } from './service.ts';

/**
 * Identity verification (issue 14): basic, then advanced, each applied for and decided by an
 * operator. Later areas ask `verificationLevel` / `requireVerification` (and `verifiedNationality`).
 */
export function kycArea(ctx: AppContext): Area {
  return {
    name: 'kyc',
    routes: (app) => {
      kycRoutes(app, ctx);
      adminKycRoutes(app, ctx);
    },
  };
}

/** The area as `areas.ts` lists it. */
export const kycModule: AreaModule = {
  tables: ['kyc_applications'],
  shares: ['kyc_verifications'],
  build: (ctx) => kycArea(ctx),
};
