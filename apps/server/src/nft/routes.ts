import { nftAdminContract, nftContract } from '@otc/protocol/nft/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import * as admin from './admin.ts';
import * as nft from './service.ts';

/** The NFT pages: the seed's `getnftconfig` (registered here, so the pending route stands aside) and the typed calls. */
export function nftRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, nftContract.config, async () => nft.config(ctx));
  route(app, nftContract.collections, async () => ({ items: await nft.listed(ctx) }));
  route(app, nftContract.collection, async (req) => nft.collection(ctx, req.body.id));
  route(app, nftContract.item, async (req) => nft.itemDetail(ctx, req.body.id));
  route(app, nftContract.buy, async (req) => nft.buy(ctx, userIdOf(req), req.body));
  route(app, nftContract.mine, async (req) => nft.mine(ctx, userIdOf(req), req.body));
}

/** Collections and items in the back office: read by any operator, saved by admins, audited. */
export function adminNftRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, nftAdminContract.catalogue, async () => admin.catalogue(ctx));
  route(app, nftAdminContract.saveCollection, async (req) => admin.saveCollection(ctx, req, req.body));
  route(app, nftAdminContract.saveItem, async (req) => admin.saveItem(ctx, req, req.body));
}
