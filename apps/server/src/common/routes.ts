import { PASSWORD_MIN } from '@otc/protocol/auth/rules';
import { type PublicSettings, publicSettings } from '@otc/protocol/common/schemas';
import { envelope } from '@otc/protocol/envelope';
import { LANGUAGES } from '@otc/protocol/languages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODE_RULES } from '../auth/index.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';

export const APP_VERSION = '1.0.0';

export function commonRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings: PublicSettings = {
    appName: 'OTC Markets',
    version: APP_VERSION,
    languages: [...LANGUAGES],
    registration: { email: true, mobile: true },
    codeResendSeconds: CODE_RULES.resendSeconds,
    codeLength: CODE_RULES.length,
    passwordMinLength: PASSWORD_MIN,
    supportedChains: [
      { id: 1, name: 'eth' },
      { id: 56, name: 'bsc' },
      { id: 25, name: 'cronos' },
    ],
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/common/getsetting',
    {
      schema: {
        tags: ['common'],
        summary: 'Public settings',
        body: z.object({}).passthrough().optional(),
        response: { 200: envelope(publicSettings) },
      },
    },
    async (req) => ok(req, settings),
  );
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await ctx.db.query('SELECT 1');
    return { status: 'ok', version: APP_VERSION, db: ctx.db.driver };
  });
}
