import type {
  AdminRole,
  AdminUserRow,
  AuditEntry,
  Operator,
  OutboxMessage,
} from '@otc/protocol/admin/schemas';
import { one, type Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';

interface OperatorRow {
  id: string;
  email: string;
  role: AdminRole;
  password_hash: string;
  created_at: Date | string;
  disabled_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
export const toOperator = (r: OperatorRow): Operator => ({
  id: r.id,
  email: r.email,
  role: r.role,
  createdAt: iso(r.created_at),
});

export const findOperatorByEmail = (q: Queryable, email: string) =>
  one<OperatorRow>(
    q,
    'SELECT id::text AS id, email, role, password_hash, created_at, disabled_at FROM operators WHERE email = $1',
    [email],
  );

export const findOperatorById = (q: Queryable, id: string) =>
  one<OperatorRow>(
    q,
    'SELECT id::text AS id, email, role, password_hash, created_at, disabled_at FROM operators WHERE id = $1',
    [id],
  );

export const countOperators = async (q: Queryable) =>
  Number((await one<{ n: string }>(q, 'SELECT count(*)::text AS n FROM operators'))?.n ?? 0);

/** A stronger hash of the same password, unless it changed since it was checked (as users' `rehashPassword`). */
export const rehashOperatorPassword = (q: Queryable, id: string, checked: string, hash: string) =>
  q.query('UPDATE operators SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
    id,
    checked,
    hash,
  ]);

export async function insertOperator(q: Queryable, email: string, passwordHash: string, role: AdminRole) {
  const [row] = await q.query<OperatorRow>(
    `INSERT INTO operators (email, password_hash, role) VALUES ($1, $2, $3)
     RETURNING id::text AS id, email, role, password_hash, created_at`,
    [email, passwordHash, role],
  );
  return toOperator(row as OperatorRow);
}

export const listOperators = async (q: Queryable) =>
  (
    await q.query<OperatorRow>(
      'SELECT id::text AS id, email, role, password_hash, created_at FROM operators ORDER BY operators.id',
    )
  ).map(toOperator);

/** An operator's session: 12 hours from `now` (the clock's). */
export const insertOperatorSession = (q: Queryable, tokenHash: string, operatorId: string, now: Date) =>
  q.query(
    `INSERT INTO operator_sessions (token_hash, operator_id, expires_at) VALUES ($1, $2, $3::timestamptz + interval '12 hours')`,
    [tokenHash, operatorId, now.toISOString()],
  );

/**
 * The operator's own new password, only while the hash checked is still the one stored (a change
 * made meanwhile in another session wins): whether it was replaced.
 */
export const replaceOperatorPassword = async (q: Queryable, id: string, checked: string, hash: string) =>
  (await one<{ id: string }>(
    q,
    'UPDATE operators SET password_hash = $3 WHERE id = $1 AND password_hash = $2 RETURNING id::text AS id',
    [id, checked, hash],
  )) !== undefined;

/** Ends every live session of the operator except the one asking (a password change). */
export const revokeOtherOperatorSessions = (q: Queryable, id: string, keepTokenHash: string) =>
  q.query(
    'UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND token_hash <> $2 AND revoked_at IS NULL',
    [id, keepTokenHash],
  );

/** Ends every live session of the operator (a reset password, a disabled operator). */
export const revokeOperatorSessions = (q: Queryable, id: string) =>
  q.query('UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND revoked_at IS NULL', [
    id,
  ]);

/** The operator's password, whatever it was (the command line's reset). */
export const setOperatorPassword = (q: Queryable, id: string, hash: string) =>
  q.query('UPDATE operators SET password_hash = $2 WHERE id = $1', [id, hash]);

/** No login from now on; already disabled stays as it was. */
export const disableOperator = (q: Queryable, id: string, at: Date) =>
  q.query('UPDATE operators SET disabled_at = $2 WHERE id = $1 AND disabled_at IS NULL', [
    id,
    at.toISOString(),
  ]);

export const revokeOperatorSession = (q: Queryable, tokenHash: string) =>
  q.query('UPDATE operator_sessions SET revoked_at = now() WHERE token_hash = $1', [tokenHash]);

/** A typed phone number's + and digits (the query itself when it is not one, escaped for LIKE). */
function phoneDigits(typed: string): string {
  const digits = typed.replace(/[\s().-]/g, '');
  return /^\+?\d+$/.test(digits) ? digits : typed.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchUsers(
  q: Queryable,
  filter: PageRequest & { q?: string | undefined; kind?: string | undefined },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.q) {
    params.push(`%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const like = `$${params.length}`;
    params.push(filter.q);
    const exact = `$${params.length}`;
    // Numbers are stored in E.164: "+44 7700 900123" or "(0)20-7946" as typed finds them by digits.
    params.push(`%${phoneDigits(filter.q)}%`);
    where.push(
      `(id::text = ${exact} OR email LIKE ${like} OR phone LIKE $${params.length} OR wallet_address LIKE ${like} OR lower(nickname) LIKE ${like})`,
    );
  }
  if (filter.kind) {
    params.push(filter.kind);
    where.push(`kind = $${params.length}`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { rows, total } = await paged<{
    id: string;
    email: string | null;
    phone: string | null;
    wallet_address: string | null;
    nickname: string;
    kind: 'real' | 'demo';
    status: 'active' | 'disabled';
    system: boolean;
    created_at: Date | string;
  }>(
    q,
    {
      select: 'id::text AS id, email, phone, wallet_address, nickname, kind, status, system, created_at',
      from: `users ${clause}`,
      orderBy: 'users.id DESC',
    },
    params,
    filter,
  );
  const items: AdminUserRow[] = rows.map((r) => ({
    id: r.id,
    email: r.email,
    phone: r.phone,
    walletAddress: r.wallet_address,
    nickname: r.nickname,
    kind: r.kind,
    status: r.status,
    system: r.system,
    createdAt: iso(r.created_at),
  }));
  return { items, total };
}

export async function listOutbox(q: Queryable, filter: PageRequest & { target?: string | undefined }) {
  const params: unknown[] = filter.target ? [filter.target.toLowerCase()] : [];
  const clause = filter.target ? 'WHERE lower(target) = $1' : '';
  const { rows, total } = await paged<{
    id: string;
    channel: 'email' | 'sms';
    target: string;
    subject: string;
    body: string;
    created_at: Date | string;
  }>(
    q,
    {
      select: 'id::text AS id, channel, target, subject, body, created_at',
      from: `outbox ${clause}`,
      orderBy: 'outbox.id DESC',
    },
    params,
    filter,
  );
  const items: OutboxMessage[] = rows.map((r) => ({ ...r, createdAt: iso(r.created_at) }));
  return { items, total };
}

export async function listAudit(q: Queryable, filter: PageRequest & { action?: string | undefined }) {
  const params: unknown[] = filter.action ? [filter.action] : [];
  const clause = filter.action ? 'WHERE a.action = $1' : '';
  const { rows, total } = await paged<{
    id: string;
    operator_id: string | null;
    operator_email: string | null;
    action: string;
    target: string | null;
    detail: Record<string, unknown>;
    ip: string | null;
    created_at: Date | string;
  }>(
    q,
    {
      select: `a.id::text AS id, a.operator_id::text AS operator_id, o.email AS operator_email, a.action, a.target,
               a.detail, a.ip, a.created_at`,
      from: `audit_log a LEFT JOIN operators o ON o.id = a.operator_id ${clause}`,
      orderBy: 'a.id DESC',
    },
    params,
    filter,
  );
  const items: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    operatorId: r.operator_id,
    operatorEmail: r.operator_email,
    action: r.action,
    target: r.target,
    detail: r.detail,
    ip: r.ip,
    createdAt: iso(r.created_at),
  }));
  return { items, total };
}
