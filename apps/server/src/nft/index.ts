import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { checkNftUnits } from './check.ts';
import { adminNftRoutes, nftRoutes } from './routes.ts';

/**
 * NFT collections and items (issue 26, docs/decisions/0124-nft.md): configured by operators, sold
 * one numbered unit at a time for USDT through the ledger. Ownership is a record on this platform.
 */
export function nftArea(ctx: AppContext): Area {
  return {
    name: 'nft',
    routes: (app) => {
      nftRoutes(app, ctx);
      adminNftRoutes(app, ctx);
    },
  };
}

/** The area as `areas.ts` lists it. */
export const nftModule: AreaModule = {
  tables: ['nft_collections', 'nft_items', 'nft_units'],
  ledgerCheck: checkNftUnits,
  build: (ctx) => nftArea(ctx),
};
