import { userInfo } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.ts';
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
  await q.query(
    'INSERT INTO audit_log (operator_id, action, target, detail, ip) VALUES ($1, $2, $3, $4, $5)',
    [operatorId, action, target, JSON.stringify(detail), req.ip],
  );
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
  await q.query(
    'INSERT INTO audit_log (operator_id, action, target, detail, ip) VALUES (NULL, $1, $2, $3, $4)',
    [action, target, JSON.stringify({ ...detail, systemUser: userInfo().username }), 'cli'],
  );
}

/** The operators' audit log belongs to the platform: every area writes it through `audit`. */
export const auditTables: TableOwner = { tables: ['audit_log'] };
