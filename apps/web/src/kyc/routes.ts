import { guarded, type RouteMeta } from '../app/route.ts';

/** The kyc area's routes (app/routes.ts lists each area's). */
export const kycRoutes: readonly RouteMeta[] = [guarded('/pages/assets/auth', 'kyc.identity.title')];
