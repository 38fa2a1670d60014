import type { ApplicationStatus, KycLevelName } from '@otc/core';
import type { Queryable } from '../db/db.ts';

/** The SQL of identity verification: `kyc_applications`, one row per application for a level. */

export interface ApplicationRow {
  id: string;
  userId: string;
  level: KycLevelName;
  status: ApplicationStatus;
  fields: Record<string, unknown>;
  reason: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
}

const COLUMNS = `a.id::text AS id, a.user_id::text AS "userId", a.level, a.status, a.fields, a.reason,
  a.submitted_at AS "submittedAt", a.decided_at AS "decidedAt"`;

/** Postgres hands jsonb back parsed; a driver that does not gets it parsed here. */
const parsed = <T extends { fields: unknown }>(row: T): T => ({
  ...row,
  fields: typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields,
});

/** Each level's latest application of a user: what the level's state is. */
export async function latestApplications(
  q: Queryable,
  userId: string,
): Promise<Partial<Record<KycLevelName, ApplicationRow>>> {
  const rows = await q.query<ApplicationRow>(
    `SELECT DISTINCT ON (a.level) ${COLUMNS} FROM kyc_applications a
     WHERE a.user_id = $1 ORDER BY a.level, a.id DESC`,
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.level, parsed(r)]));
}

/**
 * Stores an application under review; nothing (undefined) when one for the level is already under
 * review, as the partial unique index decides, so of two racing submits one gets in.
 */
export async function insertApplication(
  q: Queryable,
  userId: string,
  level: KycLevelName,
  fields: Record<string, unknown>,
  at: Date,
): Promise<{ id: string } | undefined> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO kyc_applications (user_id, level, fields, submitted_at) VALUES ($1, $2, $3::jsonb, $4::timestamptz)
     ON CONFLICT (user_id, level) WHERE status = 'pending' DO NOTHING RETURNING id::text AS id`,
    [userId, level, JSON.stringify(fields), at.toISOString()],
  );
  return row;
}

/** An application locked for its decision. */
export async function lockApplication(q: Queryable, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await q.query<ApplicationRow>(
    `SELECT ${COLUMNS} FROM kyc_applications a WHERE a.id = $1 FOR UPDATE`,
    [id],
  );
  return row && parsed(row);
}

export async function decideApplication(
  q: Queryable,
  id: string,
  decision: { status: 'approved' | 'rejected'; reason: string | null; operatorId: string; at: Date },
): Promise<void> {
  await q.query(
    `UPDATE kyc_applications SET status = $2, reason = $3, decided_by = $4, decided_at = $5::timestamptz
     WHERE id = $1 AND status = 'pending'`,
    [id, decision.status, decision.reason, decision.operatorId, decision.at.toISOString()],
  );
}

export interface ReviewRow extends ApplicationRow {
  account: string | null;
  realName: string | null;
  decidedBy: string | null;
  /** The user's verified basic fields, for an advanced application (who is applying). */
  basicFields: Record<string, unknown> | null;
}

const REVIEW_COLUMNS = `${COLUMNS}, COALESCE(u.email, u.phone, u.wallet_address) AS account,
  o.email AS "decidedBy", b.fields AS "basicFields",
  COALESCE(b.fields, a.fields) ->> 'realName' AS "realName"`;
const REVIEW_FROM = `kyc_applications a JOIN user_directory u ON u.id = a.user_id
  LEFT JOIN operator_directory o ON o.id = a.decided_by
  LEFT JOIN kyc_applications b ON a.level = 'advanced' AND b.user_id = a.user_id AND b.level = 'basic'
    AND b.status = 'approved'`;

const parsedReview = (row: ReviewRow): ReviewRow => {
  const r = parsed(row);
  return {
    ...r,
    basicFields: typeof r.basicFields === 'string' ? JSON.parse(r.basicFields) : r.basicFields,
  };
};

/** The back office's queue: those under review first, oldest first; then the decided, latest first. */
export async function listApplications(
  q: Queryable,
  filter: { status: ApplicationStatus | undefined; limit: number; offset: number },
): Promise<{ items: ReviewRow[]; total: number }> {
  const where = filter.status ? 'WHERE a.status = $1' : 'WHERE $1::text IS NULL';
  const rows = await q.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} ${where}
     ORDER BY a.status = 'pending' DESC, CASE WHEN a.status = 'pending' THEN a.id ELSE -a.id END
     LIMIT $2 OFFSET $3`,
    [filter.status ?? null, filter.limit, filter.offset],
  );
  const [count] = await q.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM kyc_applications a ${where}`,
    [filter.status ?? null],
  );
  return { items: rows.map(parsedReview), total: Number(count?.n ?? 0) };
}

export async function reviewApplication(q: Queryable, id: string): Promise<ReviewRow | undefined> {
  const [row] = await q.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} WHERE a.id = $1`, [
    id,
  ]);
  return row && parsedReview(row);
}
