import { envelope } from '@otc/protocol/envelope';
import { inclusionProof, proofSnapshot } from '@otc/protocol/proof/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { userIdOf } from '../http/guard.ts';
import * as proof from './service.ts';

const tags = ['proof'];
const empty = z.object({}).passthrough().optional();

export function proofRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/proof/latest',
    {
      schema: {
        tags,
        summary: 'The latest published proof-of-liabilities root and totals',
        body: empty,
        response: { 200: envelope(proofSnapshot) },
      },
    },
    async (req) => ok(req, await proof.latestSnapshot(ctx.db)),
  );
  r.post(
    '/api/proof/mine',
    {
      schema: {
        tags,
        summary: "The caller's inclusion proof in the latest snapshot",
        body: empty,
        response: { 200: envelope(inclusionProof) },
      },
      config: { auth: 'user' },
    },
    async (req) => ok(req, await proof.inclusionProof(ctx.db, userIdOf(req))),
  );
}
