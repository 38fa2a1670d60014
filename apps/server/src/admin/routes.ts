import { adminContract as admin } from '@otc/protocol/admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { accountLimit } from '../http/account-limit.ts';
import { fail } from '../http/errors.ts';
import { route } from '../http/route.ts';
import * as ops from './queries.ts';
import * as service from './service.ts';

export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const strict = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const perOperator = accountLimit(app, 'operator-login', ctx.config.authRateLimitPerMinute);

  route(
    app,
    admin.login,
    async (req) => {
      await perOperator(req, req.body.email.trim().toLowerCase());
      return service.operatorLogin(ctx, req, req.body.email, req.body.password);
    },
    strict,
  );
  route(app, admin.logout, async (req) => {
    await service.operatorLogout(ctx, req);
    return null;
  });
  route(app, admin.me, async (req) => {
    const op = req.operator ? await ops.findOperatorById(ctx.db, req.operator.id) : undefined;
    if (!op) fail('unauthorized');
    return ops.toOperator(op);
  });
  // Guessing the current password is what someone holding a stolen operator token would do.
  const perOperatorChange = accountLimit(app, 'operator-password', ctx.config.authRateLimitPerMinute);
  route(
    app,
    admin.changePassword,
    async (req) => {
      if (req.operator) await perOperatorChange(req, req.operator.id);
      await service.changeOperatorPassword(ctx, req, req.body);
      return null;
    },
    strict,
  );
  route(app, admin.users, async (req) => ops.searchUsers(ctx.db, req.query));
  route(app, admin.setUserStatus, async (req) => {
    await service.changeUserStatus(ctx, req, req.body.userId, req.body.status);
    return null;
  });
  route(app, admin.resetUserTotp, async (req) => {
    await service.resetUserTotp(ctx, req, req.body.userId, req.body.reason);
    return null;
  });
  route(app, admin.outbox, async (req) => ops.listOutbox(ctx.db, req.query));
  route(app, admin.audit, async (req) => ops.listAudit(ctx.db, req.query));
  route(app, admin.operators, async () => ({ items: await ops.listOperators(ctx.db) }));
  route(app, admin.createOperator, async (req) =>
    service.createOperator(ctx, req, req.body.email, req.body.password, req.body.role),
  );
}
