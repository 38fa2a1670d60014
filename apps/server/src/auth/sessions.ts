import type { Queryable } from '../db/db.ts';
import { hashToken, newToken } from '../platform/secrets/tokens.ts';
import { insertSession, revokeSession } from './queries.ts';
import type { SessionOrigin } from './session-origin.ts';

export async function openSession(
  q: Queryable,
  userId: string,
  days: number,
  now: Date,
  origin: SessionOrigin,
): Promise<string> {
  const token = newToken();
  await insertSession(q, hashToken(token), userId, days, now, origin);
  return token;
}

export async function closeSession(q: Queryable, token: string): Promise<void> {
  await revokeSession(q, hashToken(token));
}
