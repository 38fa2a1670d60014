import { guarded, type RouteMeta } from '../app/route.ts';

/** The proof area's routes (app/routes.ts lists each area's). */
export const proofRoutes: readonly RouteMeta[] = [
  // PRODUCT.md invariant 6: a user can check that their balance is in the published liabilities.
  guarded('/pages/assets/proof', 'proof.title'),
];
