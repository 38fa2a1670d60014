import { envelope } from '@otc/protocol/envelope';
import { instrument, instrumentList, updateInstrumentBody } from '@otc/protocol/market/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import type { MarketHub } from './hub.ts';
import { updateInstrument } from './registry.ts';

const tags = ['admin'];

/** The instrument registry in the back office: read by any operator, edited by admins, audited. */
export function marketAdminRoutes(app: FastifyInstance, ctx: AppContext, hub: MarketHub) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/instruments',
    {
      schema: {
        tags,
        summary: 'Every instrument with its live status',
        response: { 200: envelope(instrumentList) },
      },
      config: { auth: 'operator' },
    },
    async (req) =>
      ok(req, {
        items: [...hub.instruments.keys()].map((s) => hub.instrument(s)).filter((i) => i !== undefined),
      }),
  );
  r.post(
    '/api/admin/instruments/update',
    {
      schema: {
        tags,
        summary: 'Edit trading parameters or halt an instrument (admin)',
        body: updateInstrumentBody,
        response: { 200: envelope(instrument) },
      },
      config: { auth: 'operator', roles: ['admin'] },
    },
    async (req) => ok(req, await updateInstrument(ctx, req, hub, req.body)),
  );
}
