import { authContract as auth } from '@otc/protocol/auth/contract';
import { toE164 } from '@otc/protocol/auth/phone';
import { WALLET_TYPE_EVM } from '@otc/protocol/auth/schemas';
import { usersContract as security } from '@otc/protocol/users/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { accountLimit } from '../http/account-limit.ts';
import { fail, failField } from '../http/errors.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { translate } from '../i18n/translate.ts';
import { hashToken } from '../platform/secrets/tokens.ts';
import { tradePasswordState, userInfo } from '../users/index.ts';
import { endOtherSessions, endSession, listSessions } from './active-sessions.ts';
import { listAgreements } from './agreements.ts';
import { createCaptcha } from './captcha.ts';
import { changePassword } from './change-password.ts';
import { loginDemo } from './demo.ts';
import { loginOptions, loginWithPasskey } from './passkeys/login.ts';
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
} from './passkeys/registration.ts';
import * as service from './service.ts';
import { sessionOrigin } from './session-origin.ts';
import { issueNonce, type SiweOrigin } from './siwe.ts';
import { finishChallenge } from './two-factor/challenge.ts';
import { disableTotp, enableTotp, setUpTotp, totpState } from './two-factor/settings.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  // Sending codes and guessing passwords are what attackers do: these routes get a tighter limit.
  const strict = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  // ...and count per account too, so many addresses do not add up to more guesses or more messages.
  const perLogin = accountLimit(app, 'login', ctx.config.authRateLimitPerMinute);
  const perTarget = accountLimit(app, 'code', ctx.config.authRateLimitPerMinute);
  if (!ctx.config.publicUrl)
    ctx.log.warn(
      'wallet login is off: set PUBLIC_URL to the address users open (SIWE messages are bound to it)',
    );

  route(
    app,
    auth.sendEmail,
    async (req) => {
      await perTarget(req, req.body.email.trim().toLowerCase());
      return service.sendCode(ctx, req.lang, 'email', req.body.email, req.body.purpose);
    },
    strict,
  );
  route(
    app,
    auth.sendSms,
    async (req) => {
      await perTarget(req, toE164(req.body.phone, req.body.region) ?? req.body.phone.trim());
      return service.sendCode(ctx, req.lang, 'mobile', req.body.phone, req.body.purpose, req.body.region);
    },
    strict,
  );
  route(app, auth.register, async (req) => service.register(ctx, req.body, sessionOrigin(req)), strict);
  route(app, auth.loginState, async (req) => service.loginState(ctx, req.query.account, req.query.region));
  route(
    app,
    auth.login,
    async (req) => {
      await perLogin(req, service.accountKind(req.body.account, req.body.region).value);
      return service.login(ctx, req.body, sessionOrigin(req));
    },
    strict,
  );
  route(app, auth.loginTotp, async (req) => finishChallenge(ctx, req.body, sessionOrigin(req)), strict);
  route(app, auth.passkeyLoginOptions, async () => loginOptions(ctx), strict);
  route(app, auth.passkeyLogin, async (req) => loginWithPasskey(ctx, req.body, sessionOrigin(req)), strict);
  route(app, auth.captcha, async () => createCaptcha(ctx), strict);
  route(
    app,
    auth.resetPassword,
    async (req) => {
      await service.resetPassword(ctx, req.body);
      return null;
    },
    strict,
  );
  route(
    app,
    auth.loginDemo,
    async (req) =>
      loginDemo(ctx, req.lang, {
        demoKey: req.body?.demoKey,
        bearer: req.bearer,
        origin: sessionOrigin(req),
      }),
    strict,
  );
  route(
    app,
    auth.walletNonce,
    async (req) =>
      issueNonce(
        ctx,
        siweOrigin(ctx),
        req.body.address,
        req.body.chainId,
        translate(req.lang, 'wallet.statement'),
      ),
    strict,
  );
  route(
    app,
    auth.walletLogin,
    async (req) => {
      if (req.body.wallet_type !== WALLET_TYPE_EVM) failField('wallet_type_unsupported', 'wallet_type');
      return service.walletLogin(ctx, siweOrigin(ctx), req.body, sessionOrigin(req));
    },
    strict,
  );
  route(app, auth.userInfo, async (req) => userInfo(ctx, userIdOf(req)));
  route(app, auth.existTradePassword, async (req) => tradePasswordState(ctx, userIdOf(req)));
  route(app, auth.logout, async (req) => {
    if (req.bearer) await service.logout(ctx, req.bearer);
    return null;
  });
  route(app, auth.agreements, async (req) => ({ items: await listAgreements(ctx.db, req.lang) }));
  securityRoutes(app, ctx);
}

/** The security centre's login password and active sessions. */
function securityRoutes(app: FastifyInstance, ctx: AppContext) {
  // Guessing the old password is what an attacker with a stolen session would do.
  const strict = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const perUser = accountLimit(app, 'change-password', ctx.config.authRateLimitPerMinute);
  route(
    app,
    security.changePassword,
    async (req) => {
      await perUser(req, userIdOf(req));
      await changePassword(ctx, userIdOf(req), currentTokenHash(req), req.body);
      return null;
    },
    strict,
  );
  twoFactorRoutes(app, ctx);
  passkeyRoutes(app, ctx);
  route(app, security.sessions, async (req) => ({
    items: await listSessions(ctx, userIdOf(req), currentTokenHash(req)),
  }));
  route(app, security.endSession, async (req) => {
    await endSession(ctx, userIdOf(req), req.body.id);
    return null;
  });
  route(app, security.endOtherSessions, async (req) => ({
    ended: await endOtherSessions(ctx, userIdOf(req), currentTokenHash(req)),
  }));
}

/** The security centre's two-factor sign-in: wrong codes are guesses, limited per user as passwords are. */
function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const strict = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const perUser = accountLimit(app, 'totp', ctx.config.authRateLimitPerMinute);
  route(app, security.totpState, async (req) => totpState(ctx, userIdOf(req)));
  route(app, security.totpSetup, async (req) => setUpTotp(ctx, userIdOf(req)), strict);
  route(
    app,
    security.totpEnable,
    async (req) => {
      await perUser(req, userIdOf(req));
      return enableTotp(ctx, userIdOf(req), req.body.code);
    },
    strict,
  );
  route(
    app,
    security.totpDisable,
    async (req) => {
      await perUser(req, userIdOf(req));
      await disableTotp(ctx, userIdOf(req), req.body.code);
      return null;
    },
    strict,
  );
}

/** The security centre's passkeys (decision 0163): removing one asks the password, limited as guesses. */
function passkeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const strict = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const perUser = accountLimit(app, 'passkey', ctx.config.authRateLimitPerMinute);
  route(app, security.passkeys, async (req) => ({ items: await listPasskeys(ctx, userIdOf(req)) }));
  route(app, security.passkeyRegisterOptions, async (req) => registrationOptions(ctx, userIdOf(req)), strict);
  route(app, security.passkeyRegister, async (req) => registerPasskey(ctx, userIdOf(req), req.body), strict);
  route(
    app,
    security.passkeyRemove,
    async (req) => {
      await perUser(req, userIdOf(req));
      await removePasskey(ctx, userIdOf(req), req.body);
      return null;
    },
    strict,
  );
}

/** The hash of the token the request came with (a user route has one: the guard checked it). */
function currentTokenHash(req: FastifyRequest): string {
  if (!req.bearer) fail('unauthorized');
  return hashToken(req.bearer);
}

/**
 * The site the wallet must have signed for: the configured public origin, never the request's Host
 * (a phishing site could otherwise have a nonce issued for its own domain and relay the signature).
 */
function siweOrigin(ctx: AppContext): SiweOrigin {
  if (!ctx.config.publicUrl) fail('wallet_login_unavailable');
  const url = new URL(ctx.config.publicUrl);
  return { domain: url.host, uri: url.origin };
}
