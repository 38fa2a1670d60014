import { proofAdminContract as admin } from '@otc/protocol/proof/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { audit } from '../platform/audit.ts';
import { signReserves } from './reserves.ts';
import { buildSnapshot } from './service.ts';

/** Proof of liabilities in the back office: an admin may publish a snapshot at once, audited. */
export function proofAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, admin.build, async (req) => {
    const snapshot = await buildSnapshot(ctx.db, ctx.clock.date());
    await audit(ctx.db, req, 'proof.build', snapshot.id, { root: snapshot.root, users: snapshot.userCount });
    await signReserves(ctx, snapshot);
    return snapshot;
  });
}
