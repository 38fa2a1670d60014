import { proofContract as proof } from '@otc/protocol/proof/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { latestReserves } from './reserves.ts';
import * as service from './service.ts';

export function proofRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, proof.latest, async () => service.latestSnapshot(ctx.db));
  route(app, proof.reserves, async () => latestReserves(ctx.db));
  route(app, proof.snapshots, async (req) => service.snapshots(ctx.db, req.body));
  route(app, proof.mine, async (req) => service.inclusionProof(ctx.db, userIdOf(req), ctx.clock.date()));
}
