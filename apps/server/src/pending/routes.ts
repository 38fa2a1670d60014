import { SEED_ENDPOINTS } from '@otc/protocol/seed-catalogue';
import type { FastifyInstance } from 'fastify';
import { fail } from '../http/errors.ts';

/**
 * Every call of the seed catalogue (`@otc/protocol/seed-catalogue`) is routed from day one. Those
 * no area has built yet answer `not_available_yet` (501) until their issue lands; registering the
 * real route first is all an area does to take one over. `setwinlose` is refused for good: prices
 * alone decide whether a position wins or loses, nobody sets it.
 */
export function pendingRoutes(app: FastifyInstance) {
  app.post(
    '/api/stock/setwinlose',
    {
      schema: {
        tags: ['cfd'],
        summary: 'Setting outcomes: always refused, as prices alone decide whether a position wins or loses',
      },
    },
    async () => fail('outcome_setting_unsupported'),
  );
  for (const e of SEED_ENDPOINTS) {
    if (app.hasRoute({ method: e.method, url: e.path })) continue;
    app.route({
      method: e.method,
      url: e.path,
      schema: { tags: [e.area], summary: `${e.summary} (not available yet)` },
      handler: async () => fail('not_available_yet'),
    });
  }
  // The seed writes this path with a trailing space; clients that send it reach the same call.
  if (!app.hasRoute({ method: 'POST', url: '/api/loan/apply ' })) {
    app.post('/api/loan/apply ', { schema: { hide: true } }, async () => fail('not_available_yet'));
  }
}
