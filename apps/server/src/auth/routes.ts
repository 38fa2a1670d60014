import {
  agreements,
  captcha,
  existTradePassword,
  loginBody,
  loginState,
  loginStateQuery,
  registerBody,
  resetPasswordBody,
  sendCodeResult,
  sendEmailBody,
  sendSmsBody,
  session,
  user,
  WALLET_TYPE_EVM,
  walletLoginBody,
  walletNonce,
  walletNonceBody,
} from '@otc/protocol/auth';
import { envelope } from '@otc/protocol/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { fail, failField } from '../http/errors.ts';
import { userIdOf } from '../http/guard.ts';
import { translate } from '../i18n/translate.ts';
import { hasTradePassword, userInfo } from '../users/index.ts';
import { listAgreements } from './agreements.ts';
import { createCaptcha } from './captcha.ts';
import * as auth from './service.ts';
import { issueNonce, type SiweOrigin } from './siwe.ts';

const tags = ['auth'];
const empty = z.object({}).passthrough().optional();

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Sending codes and guessing passwords are what attackers do: these routes get a tighter limit.
  const strict = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const user_ = { auth: 'user' as const };
  if (!ctx.config.publicUrl)
    ctx.log.warn(
      'wallet login is off: set PUBLIC_URL to the address users open (SIWE messages are bound to it)',
    );

  r.post(
    '/api/auth/sendemail',
    {
      schema: {
        tags,
        summary: 'Send an email verification code',
        body: sendEmailBody,
        response: { 200: envelope(sendCodeResult) },
      },
      config: strict,
    },
    async (req) => ok(req, await auth.sendCode(ctx, req.lang, 'email', req.body.email, req.body.purpose)),
  );
  r.post(
    '/api/auth/sendsms',
    {
      schema: {
        tags,
        summary: 'Send an SMS verification code',
        body: sendSmsBody,
        response: { 200: envelope(sendCodeResult) },
      },
      config: strict,
    },
    async (req) => ok(req, await auth.sendCode(ctx, req.lang, 'mobile', req.body.phone, req.body.purpose)),
  );
  r.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Register by email or mobile',
        body: registerBody,
        response: { 200: envelope(session) },
      },
      config: strict,
    },
    async (req) => ok(req, await auth.register(ctx, req.body)),
  );
  r.get(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Whether the next login of an account needs the captcha',
        querystring: loginStateQuery,
        response: { 200: envelope(loginState) },
      },
    },
    async (req) => ok(req, await auth.loginState(ctx, req.query.account)),
  );
  r.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in with account and password',
        body: loginBody,
        response: { 200: envelope(session) },
      },
      config: strict,
    },
    async (req) => ok(req, await auth.login(ctx, req.body)),
  );
  r.get(
    '/api/auth/captcha',
    {
      schema: {
        tags,
        summary: 'A new captcha (SVG image, one try, 2 minutes)',
        response: { 200: envelope(captcha) },
      },
      config: strict,
    },
    async (req) => ok(req, await createCaptcha(ctx, ctx.config.captchaEcho ? req.log : false)),
  );
  r.post(
    '/api/auth/resetpassword',
    {
      schema: {
        tags,
        summary: 'Reset the password with a verification code',
        body: resetPasswordBody,
        response: { 200: envelope(z.null()) },
      },
      config: strict,
    },
    async (req) => {
      await auth.resetPassword(ctx, req.body);
      return ok(req, null);
    },
  );
  r.post(
    '/api/auth/loginvirtual',
    {
      schema: {
        tags,
        summary: 'Create a demo user and log in',
        body: empty,
        response: { 200: envelope(session) },
      },
      config: strict,
    },
    async (req) => ok(req, await auth.loginDemo(ctx, req.lang)),
  );
  r.post(
    '/api/auth/walletnonce',
    {
      schema: {
        tags,
        summary: 'A single-use Sign-In with Ethereum nonce',
        body: walletNonceBody,
        response: { 200: envelope(walletNonce) },
      },
      config: strict,
    },
    async (req) =>
      ok(
        req,
        await issueNonce(
          ctx,
          siweOrigin(ctx),
          req.body.address,
          req.body.chainId,
          translate(req.lang, 'wallet.statement'),
        ),
      ),
  );
  r.post(
    '/api/auth/walletlogin',
    {
      schema: {
        tags,
        summary: 'Sign in with Ethereum (EIP-4361)',
        body: walletLoginBody,
        response: { 200: envelope(session) },
      },
      config: strict,
    },
    async (req) => {
      if (req.body.wallet_type !== WALLET_TYPE_EVM) failField('wallet_type_unsupported', 'wallet_type');
      return ok(req, await auth.walletLogin(ctx, siweOrigin(ctx), req.body));
    },
  );
  r.post(
    '/api/auth/userinfo',
    {
      schema: { tags, summary: 'The signed-in user', body: empty, response: { 200: envelope(user) } },
      config: user_,
    },
    async (req) => ok(req, await userInfo(ctx, userIdOf(req))),
  );
  r.post(
    '/api/auth/existtradepassword',
    {
      schema: {
        tags,
        summary: 'Whether the user has a transaction password',
        body: empty,
        response: { 200: envelope(existTradePassword) },
      },
      config: user_,
    },
    async (req) => ok(req, { exists: await hasTradePassword(ctx, userIdOf(req)) }),
  );
  r.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        summary: 'Revoke this session token',
        body: empty,
        response: { 200: envelope(z.null()) },
      },
      config: user_,
    },
    async (req) => {
      if (req.bearer) await auth.logout(ctx, req.bearer);
      return ok(req, null);
    },
  );
  r.post(
    '/api/auth/agreetment',
    {
      schema: {
        tags,
        summary: 'The agreement texts in the request language',
        body: empty,
        response: { 200: envelope(agreements) },
      },
    },
    async (req) => ok(req, { items: await listAgreements(ctx.db, req.lang) }),
  );
  r.post(
    '/api/auth/applyApprove',
    {
      schema: {
        tags,
        summary: 'Token allowance approval: refused by design (PRODUCT.md invariant 2)',
        body: empty,
      },
    },
    async () => fail('allowance_unsupported'),
  );
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
