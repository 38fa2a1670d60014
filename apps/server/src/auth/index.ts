import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { authRoutes } from './routes.ts';
import { seedAgreements } from './seed.ts';
import { sealStoredTotpSecrets } from './two-factor/sealing.ts';

export { CODE_RULES } from './codes.ts';
/** Ends every session of a user (an operator disabling the account). */
export { revokeAllSessions } from './queries.ts';
/** The authenticator's code asked again before money moves (decision 0158). */
export { checkSecondFactor, totpEnabled } from './two-factor/codes.ts';
/** An operator's reset of a user's two-factor (decision 0158). */
export { resetTotp } from './two-factor/settings.ts';

/** Sign-in and sessions: codes, captcha, passwords, demo and wallet login, agreements. */
export function authArea(ctx: AppContext): Area {
  return {
    name: 'auth',
    seed: async () => {
      await seedAgreements(ctx.db);
      await sealStoredTotpSecrets(ctx);
    },
    routes: (app) => authRoutes(app, ctx),
  };
}

/** The area as `areas.ts` lists it. */
export const authModule: AreaModule = {
  tables: [
    'sessions',
    'verification_codes',
    'login_failures',
    'agreements',
    'captchas_spent',
    'demo_accounts',
    'siwe_nonces',
    'totp_secrets',
    'totp_recovery_codes',
    'login_challenges',
    'passkeys',
    'passkey_challenges',
    'settings',
  ],
  build: (ctx) => authArea(ctx),
};
