import { ledgerContract as ledger } from '@otc/protocol/ledger/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import * as service from './service.ts';

export function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  // Guessing a transaction password is what an attacker would do here.
  const guarded = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  route(app, ledger.overview, async (req) => service.overview(ctx, userIdOf(req)));
  route(app, ledger.accountLog, async (req) => service.accountLog(ctx, userIdOf(req), req.body));
  route(app, ledger.transferInfo, async (req) => service.overview(ctx, userIdOf(req)));
  route(app, ledger.transfer, async (req) => service.ownTransfer(ctx, userIdOf(req), req.body));
  route(app, ledger.transferLog, async (req) => service.ownTransferLog(ctx, userIdOf(req), req.body));
  route(app, ledger.coinTransferInfo, async (req) =>
    service.coinTransferInfo(ctx, userIdOf(req), req.body.toUserId),
  );
  route(app, ledger.coinTransfer, async (req) => service.coinTransfer(ctx, userIdOf(req), req.body), guarded);
  route(app, ledger.coinTransferLog, async (req) => service.coinTransferLog(ctx, userIdOf(req), req.body));
}
