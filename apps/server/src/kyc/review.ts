import { mayDecide } from '@otc/core';
import type {
  AdvancedFields,
  BasicFields,
  KycApplication,
  KycApplicationRow,
} from '@otc/protocol/kyc/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import { announceNotices, notify } from '../notifications/index.ts';
import { auditOnUser } from '../platform/audit.ts';
import {
  decideApplication,
  listApplications,
  lockApplication,
  type ReviewRow,
  reviewApplication,
} from './queries.ts';

/** Where a decision's notification takes the user: the identity page. */
export const IDENTITY_LINK = '/pages/assets/auth';

const STATUS = { pending: 'reviewing', approved: 'verified', rejected: 'rejected' } as const;

function toRow(r: ReviewRow): KycApplicationRow {
  return {
    id: r.id,
    userId: r.userId,
    account: r.account,
    level: r.level,
    status: STATUS[r.status],
    realName: r.realName,
    submittedAt: new Date(r.submittedAt).toISOString(),
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
  };
}

function toApplication(r: ReviewRow): KycApplication {
  return {
    ...toRow(r),
    reason: r.reason,
    decidedBy: r.decidedBy,
    basic: (r.level === 'basic' ? r.fields : r.basicFields) as BasicFields | null,
    advanced: r.level === 'advanced' ? (r.fields as AdvancedFields) : null,
  };
}

const APPLICATION_STATUS = { reviewing: 'pending', verified: 'approved', rejected: 'rejected' } as const;

export async function applications(
  ctx: AppContext,
  query: { page: number; pageSize: number; status?: keyof typeof APPLICATION_STATUS | undefined },
) {
  const { items, total } = await listApplications(ctx.db, {
    status: query.status ? APPLICATION_STATUS[query.status] : undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: items.map(toRow), total };
}

export async function application(ctx: AppContext, id: string): Promise<KycApplication> {
  const row = await reviewApplication(ctx.db, id);
  if (!row) failField('not_found', 'id');
  return toApplication(row);
}

/**
 * An operator (admin or reviewer, as the endpoint's roles say) approves or rejects an application
 * under review: in one transaction the application is decided, the audit log written and the user
 * notified; then the notification is announced on the user's socket. A decided one is refused.
 */
export async function decide(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<KycApplication> {
  const operatorId = req.operator?.id;
  if (!operatorId) fail('unauthorized');
  const userId = await ctx.db.tx(async (q) => {
    const row = await lockApplication(q, id);
    if (!row) failField('not_found', 'id');
    if (!mayDecide(row.status)) fail('already_decided');
    const status = decision.approve ? 'approved' : 'rejected';
    const reason = decision.approve ? null : decision.reason;
    await decideApplication(q, id, { status, reason, operatorId, at: ctx.clock.date() });
    await auditOnUser(q, req, decision.approve ? 'kyc.approve' : 'kyc.reject', row.userId, {
      application: id,
      level: row.level,
      ...(reason === null ? {} : { reason }),
    });
    await notify(q, row.userId, {
      kind: `kyc.${row.level}.${status}`,
      ...(reason === null ? {} : { params: { reason } }),
      link: IDENTITY_LINK,
    });
    return row.userId;
  });
  await announceNotices(ctx, [userId]);
  return application(ctx, id);
}
