import type { ActiveSession } from '@otc/protocol/users/schemas';
import type { AppContext } from '../context.ts';
import { fail } from '../http/errors.ts';

interface SessionListRow {
  public_id: string;
  device: string | null;
  ip: string | null;
  created_at: Date | string;
  last_seen_at: Date | string | null;
  current: boolean;
}

/** The user's sessions still in force (on the clock), the current one first, then the latest seen. */
export async function listSessions(
  ctx: AppContext,
  userId: string,
  currentTokenHash: string,
): Promise<ActiveSession[]> {
  const rows = await ctx.db.query<SessionListRow>(
    `SELECT public_id, device, ip, created_at, last_seen_at, token_hash = $2 AS current FROM sessions
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $3::timestamptz
     ORDER BY token_hash = $2 DESC, coalesce(last_seen_at, created_at) DESC, public_id`,
    [userId, currentTokenHash, ctx.clock.date().toISOString()],
  );
  return rows.map((r) => ({
    id: r.public_id,
    device: r.device,
    ip: r.ip,
    createdAt: new Date(r.created_at).toISOString(),
    lastSeenAt: r.last_seen_at === null ? null : new Date(r.last_seen_at).toISOString(),
    current: r.current,
  }));
}

/**
 * Ends one of the user's own sessions by its public id: another user's id, or one already ended,
 * is refused alike (nothing tells whether an id exists). Its next request, on any instance, is a 401.
 */
export async function endSession(ctx: AppContext, userId: string, publicId: string): Promise<void> {
  const [ended] = await ctx.db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = $3::timestamptz
     WHERE public_id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING token_hash`,
    [publicId, userId, ctx.clock.date().toISOString()],
  );
  if (!ended) fail('session_unknown');
  ctx.sessions.ended({ tokenHash: ended.token_hash });
}

/** Ends every session of the user but the one asking; returns how many ended. */
export async function endOtherSessions(
  ctx: AppContext,
  userId: string,
  currentTokenHash: string,
): Promise<number> {
  const ended = await ctx.db.query(
    `UPDATE sessions SET revoked_at = $3::timestamptz
     WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL RETURNING 1`,
    [userId, currentTokenHash, ctx.clock.date().toISOString()],
  );
  ctx.sessions.ended({ userId, except: currentTokenHash });
  return ended.length;
}
