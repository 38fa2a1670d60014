import {
  adminLoginBody,
  adminSession,
  adminUsersPage,
  adminUsersQuery,
  auditPage,
  auditQuery,
  createOperatorBody,
  operator,
  outboxPage,
  outboxQuery,
  setUserStatusBody,
} from '@otc/protocol/admin/schemas';
import { envelope } from '@otc/protocol/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { fail } from '../http/errors.ts';
import * as ops from './queries.ts';
import * as admin from './service.ts';

const tags = ['admin'];

export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyOperator = { auth: 'operator' as const };
  const adminOnly = { auth: 'operator' as const, roles: ['admin'] as const };
  const strict = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  r.post(
    '/api/admin/login',
    {
      schema: {
        tags,
        summary: 'Operator login',
        body: adminLoginBody,
        response: { 200: envelope(adminSession) },
      },
      config: strict,
    },
    async (req) => ok(req, await admin.operatorLogin(ctx, req, req.body.email, req.body.password)),
  );
  r.post(
    '/api/admin/logout',
    {
      schema: { tags, summary: 'Operator logout', response: { 200: envelope(z.null()) } },
      config: anyOperator,
    },
    async (req) => {
      await admin.operatorLogout(ctx, req);
      return ok(req, null);
    },
  );
  r.get(
    '/api/admin/me',
    {
      schema: { tags, summary: 'The signed-in operator', response: { 200: envelope(operator) } },
      config: anyOperator,
    },
    async (req) => {
      const op = req.operator ? await ops.findOperatorById(ctx.db, req.operator.id) : undefined;
      if (!op) fail('unauthorized');
      return ok(req, ops.toOperator(op));
    },
  );
  r.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Search users',
        querystring: adminUsersQuery,
        response: { 200: envelope(adminUsersPage) },
      },
      config: anyOperator,
    },
    async (req) => ok(req, await ops.searchUsers(ctx.db, req.query)),
  );
  r.post(
    '/api/admin/users/status',
    {
      schema: {
        tags,
        summary: 'Disable or enable a user (admin)',
        body: setUserStatusBody,
        response: { 200: envelope(z.null()) },
      },
      config: adminOnly,
    },
    async (req) => {
      await admin.changeUserStatus(ctx, req, req.body.userId, req.body.status);
      return ok(req, null);
    },
  );
  r.get(
    '/api/admin/outbox',
    {
      schema: {
        tags,
        summary: 'The dev outbox of codes sent',
        querystring: outboxQuery,
        response: { 200: envelope(outboxPage) },
      },
      config: anyOperator,
    },
    async (req) => ok(req, await ops.listOutbox(ctx.db, req.query)),
  );
  r.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log of operator actions',
        querystring: auditQuery,
        response: { 200: envelope(auditPage) },
      },
      config: anyOperator,
    },
    async (req) => ok(req, await ops.listAudit(ctx.db, req.query)),
  );
  r.get(
    '/api/admin/operators',
    {
      schema: {
        tags,
        summary: 'Operators',
        response: { 200: envelope(z.object({ items: z.array(operator) })) },
      },
      config: anyOperator,
    },
    async (req) => ok(req, { items: await ops.listOperators(ctx.db) }),
  );
  r.post(
    '/api/admin/operators',
    {
      schema: {
        tags,
        summary: 'Create an operator (admin)',
        body: createOperatorBody,
        response: { 200: envelope(operator) },
      },
      config: adminOnly,
    },
    async (req) =>
      ok(req, await admin.createOperator(ctx, req, req.body.email, req.body.password, req.body.role)),
  );
}
