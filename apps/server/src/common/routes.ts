import { PASSWORD_MIN } from '@otc/protocol/auth/rules';
import { commonContract } from '@otc/protocol/common/contract';
import type { PublicSettings } from '@otc/protocol/common/schemas';
import { LANGUAGES } from '@otc/protocol/languages';
import type { FastifyInstance } from 'fastify';
import { CODE_RULES } from '../auth/index.ts';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';

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
  route(app, commonContract.settings, async () => settings);
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await ctx.db.query('SELECT 1');
    return { status: 'ok', version: APP_VERSION, db: ctx.db.driver };
  });
}
