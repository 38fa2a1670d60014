import { userInfo } from 'node:os';
import type { OperatorActionKind } from '@otc/protocol/users/schemas';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import type { TableOwner } from './tables.ts';

/**
 * Every operator action is written here, in the same transaction as the action itself,
 * so there is no action without its record.
 */
export async function audit(
  q: Queryable,
  req: FastifyRequest,
  action: string,
  target: string | null,
  detail: Record<string, unknown> = {},
  operatorId: string | null = req.operator?.id ?? null,
): Promise<void> {
  await insertEntry(q, [operatorId, action, target, null, JSON.stringify(detail), req.ip]);
}

/**
 * An operator's action on one user's account (a review, a document looked at, a status, an
 * adjustment): audited as `audit` does, and shown to that user in their security centre
 * (`operatorActionsOn`). The target is the user's id.
 */
export async function auditOnUser(
  q: Queryable,
  req: FastifyRequest,
  action: OperatorActionKind,
  userId: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  // The role as it was when the action was taken: what the user is told, never who.
  const entry = { ...detail, operatorRole: req.operator?.role ?? null };
  await insertEntry(q, [req.operator?.id ?? null, action, userId, userId, JSON.stringify(entry), req.ip]);
}

function insertEntry(q: Queryable, values: unknown[]) {
  return q.query(
    `INSERT INTO audit_log (operator_id, action, target, subject_user_id, detail, ip)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    values,
  );
}

/**
 * The operators' actions on a user's account, newest first, as the user may see them: the kind, the
 * time, the operator's role (never who), and the amount, asset and reason the action carried.
 */
export function operatorActionsOn(
  q: Queryable,
  userId: string,
  page: PageRequest,
): Promise<{ rows: OperatorActionRow[]; total: number }> {
  return paged<OperatorActionRow>(
    q,
    {
      select: `a.id::text AS id, a.action, a.created_at AS at, a.detail->>'operatorRole' AS role,
        a.detail->>'amount' AS amount, a.detail->>'asset' AS asset, a.detail->>'reason' AS reason,
        a.detail->>'status' AS status`,
      from: 'audit_log a WHERE a.subject_user_id = $1',
      // By the column, not the text alias of the same name.
      orderBy: 'a.id DESC',
    },
    [userId],
    page,
  );
}

export interface OperatorActionRow {
  id: string;
  action: OperatorActionKind;
  at: Date | string;
  role: string | null;
  amount: string | null;
  asset: string | null;
  reason: string | null;
  status: string | null;
}

/**
 * An action taken on the server's own command line (`npm run admin`): no operator session, so no
 * operator id; `ip` says `cli` and the detail names the system user who ran it.
 */
export async function auditCommandLine(
  q: Queryable,
  action: string,
  target: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertEntry(q, [
    null,
    action,
    target,
    null,
    JSON.stringify({ ...detail, systemUser: userInfo().username }),
    'cli',
  ]);
}

/** The operators' audit log belongs to the platform: every area writes it through `audit`. */
export const auditTables: TableOwner = { tables: ['audit_log'] };
