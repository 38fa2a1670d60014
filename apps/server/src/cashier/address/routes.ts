import { addressContract } from '@otc/protocol/cashier/address/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../http/guard.ts';
import { route } from '../../http/route.ts';
import * as addresses from './addresses.ts';

/** The seed's address-book calls (`/api/credit/*withdrawaddress`). */
export function addressRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, addressContract.bind, async (req) => addresses.bind(ctx, callerOf(req), req.body));
  route(app, addressContract.edit, async (req) => addresses.edit(ctx, callerOf(req), req.body));
  route(app, addressContract.list, async (req) => addresses.list(ctx, callerOf(req), req.body));
  route(app, addressContract.remove, async (req) => addresses.remove(ctx, callerOf(req), req.body));
}
