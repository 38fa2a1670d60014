import { envelope } from '@otc/protocol/envelope';
import {
  accountLogBody,
  accountLogPage,
  assetsOverview,
  coinTransferBody,
  coinTransferInfo,
  coinTransferInfoBody,
  coinTransferPage,
  coinTransferRecord,
  pageBody,
  transferBody,
  transferPage,
  transferRecord,
} from '@otc/protocol/ledger/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { userIdOf } from '../http/guard.ts';
import * as ledger from './service.ts';

const tags = ['ledger'];
const empty = z.object({}).passthrough().optional();

export function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' as const };
  // Guessing a transaction password is what an attacker would do here.
  const guarded = {
    auth: 'user' as const,
    rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' },
  };

  r.post(
    '/api/assets/overview',
    {
      schema: {
        tags,
        summary: 'Balances of the funding, contract and fiat accounts, valued in USDT',
        body: empty,
        response: { 200: envelope(assetsOverview) },
      },
      config: user,
    },
    async (req) => ok(req, await ledger.overview(ctx, userIdOf(req))),
  );
  r.post(
    '/api/assets/accountlog',
    {
      schema: {
        tags,
        summary: 'The journal of one account (paged, newest first)',
        body: accountLogBody,
        response: { 200: envelope(accountLogPage) },
      },
      config: user,
    },
    async (req) => ok(req, await ledger.accountLog(ctx, userIdOf(req), req.body)),
  );
  r.post(
    '/api/credit/transferinfo',
    {
      schema: {
        tags,
        summary: 'Balances for a transfer between own accounts',
        body: empty,
        response: { 200: envelope(assetsOverview) },
      },
      config: user,
    },
    async (req) => ok(req, await ledger.overview(ctx, userIdOf(req))),
  );
  r.post(
    '/api/credit/transfer',
    {
      schema: {
        tags,
        summary: 'Transfer between own accounts (idempotent)',
        body: transferBody,
        response: { 200: envelope(transferRecord) },
      },
      config: user,
    },
    async (req) => ok(req, await ledger.ownTransfer(ctx, userIdOf(req), req.body)),
  );
  r.post(
    '/api/credit/transferlog',
    {
      schema: {
        tags,
        summary: 'Own-account transfer records',
        body: pageBody,
        response: { 200: envelope(transferPage) },
      },
      config: user,
    },
    async (req) => ok(req, await ledger.ownTransferLog(ctx, userIdOf(req), req.body)),
  );
  r.post(
    '/api/credit/cointransferinfo',
    {
      schema: {
        tags,
        summary: 'Internal transfer form: funding balances and the masked recipient',
        body: coinTransferInfoBody,
        response: { 200: envelope(coinTransferInfo) },
      },
      config: user,
    },
    async (req) => ok(req, await ledger.coinTransferInfo(ctx, userIdOf(req), req.body.toUserId)),
  );
  r.post(
    '/api/credit/cointransfer',
    {
      schema: {
        tags,
        summary: 'Transfer to another user ID with the transaction password (idempotent, cannot be undone)',
        body: coinTransferBody,
        response: { 200: envelope(coinTransferRecord) },
      },
      config: guarded,
    },
    async (req) => ok(req, await ledger.coinTransfer(ctx, userIdOf(req), req.body)),
  );
  r.post(
    '/api/credit/cointransferlog',
    {
      schema: {
        tags,
        summary: 'Internal transfer records, sent and received',
        body: pageBody,
        response: { 200: envelope(coinTransferPage) },
      },
      config: user,
    },
    async (req) => ok(req, await ledger.coinTransferLog(ctx, userIdOf(req), req.body)),
  );
}
