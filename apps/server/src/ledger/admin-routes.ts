import { envelope } from '@otc/protocol/envelope';
import {
  adjustment,
  adjustmentsPage,
  adjustmentsQuery,
  adminJournalPage,
  adminJournalQuery,
  adminUserQuery,
  assetsOverview,
  createAdjustmentBody,
  decideAdjustmentBody,
  ledgerCheckResult,
} from '@otc/protocol/ledger/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustments.ts';
import { userJournal } from './queries.ts';
import { overview } from './service.ts';

const tags = ['admin'];

/** The ledger in the back office: read by any operator, changed by admins, every change audited. */
export function ledgerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyOperator = { auth: 'operator' as const };
  const adminOnly = { auth: 'operator' as const, roles: ['admin'] as const };

  r.get(
    '/api/admin/ledger/balances',
    {
      schema: {
        tags,
        summary: "A user's balances",
        querystring: adminUserQuery,
        response: { 200: envelope(assetsOverview) },
      },
      config: anyOperator,
    },
    async (req) => ok(req, await overview(ctx, req.query.userId)),
  );
  r.get(
    '/api/admin/ledger/journal',
    {
      schema: {
        tags,
        summary: "A user's journal entries",
        querystring: adminJournalQuery,
        response: { 200: envelope(adminJournalPage) },
      },
      config: anyOperator,
    },
    async (req) => ok(req, await userJournal(ctx.db, req.query.userId, req.query)),
  );
  r.get(
    '/api/admin/ledger/adjustments',
    {
      schema: {
        tags,
        summary: 'Manual adjustments',
        querystring: adjustmentsQuery,
        response: { 200: envelope(adjustmentsPage) },
      },
      config: anyOperator,
    },
    async (req) => ok(req, await listAdjustments(ctx, req.query)),
  );
  r.post(
    '/api/admin/ledger/adjustments',
    {
      schema: {
        tags,
        summary: 'Ask for a manual adjustment (a second operator decides)',
        body: createAdjustmentBody,
        response: { 200: envelope(adjustment) },
      },
      config: adminOnly,
    },
    async (req) => ok(req, await requestAdjustment(ctx, req, req.body)),
  );
  r.post(
    '/api/admin/ledger/adjustments/decide',
    {
      schema: {
        tags,
        summary: "Approve or reject another operator's adjustment",
        body: decideAdjustmentBody,
        response: { 200: envelope(adjustment) },
      },
      config: adminOnly,
    },
    async (req) => ok(req, await decideAdjustment(ctx, req, req.body.id, req.body.approve)),
  );
  r.get(
    '/api/admin/ledger/check',
    {
      schema: {
        tags,
        summary: 'Run the ledger invariant check',
        response: { 200: envelope(ledgerCheckResult) },
      },
      config: anyOperator,
    },
    async (req) => {
      const problems = await ctx.checkLedger(ctx.db);
      return ok(req, { ok: problems.length === 0, problems });
    },
  );
}
