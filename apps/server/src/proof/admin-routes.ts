import { envelope } from '@otc/protocol/envelope';
import { proofSnapshot } from '@otc/protocol/proof';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { audit } from '../platform/audit.ts';
import { buildSnapshot } from './service.ts';

const tags = ['admin'];

/** Proof of liabilities in the back office: an admin may publish a snapshot at once, audited. */
export function proofAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { auth: 'operator' as const, roles: ['admin'] as const };
  r.post(
    '/api/admin/proof/build',
    {
      schema: {
        tags,
        summary: 'Publish a proof-of-liabilities snapshot now',
        body: z.object({}).passthrough().optional(),
        response: { 200: envelope(proofSnapshot) },
      },
      config: adminOnly,
    },
    async (req) => {
      const snapshot = await buildSnapshot(ctx.db, ctx.clock.date());
      await audit(ctx.db, req, 'proof.build', snapshot.id, {
        root: snapshot.root,
        users: snapshot.userCount,
      });
      return ok(req, snapshot);
    },
  );
}
