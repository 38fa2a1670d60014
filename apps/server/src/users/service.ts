import type { User } from '@otc/protocol/auth/schemas';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import { findOwnUpload } from '../uploads/index.ts';
import * as users from './queries.ts';
import { toUser } from './user-row.ts';

export async function userInfo(ctx: AppContext, userId: string): Promise<User> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) fail('unauthorized');
  return toUser(user);
}

/** The nickname, trimmed by the schema (1 to 20 characters); stored as typed, shown as text. */
export async function changeNickname(ctx: AppContext, userId: string, nickname: string): Promise<User> {
  const user = await users.setNickname(ctx.db, userId, nickname);
  if (!user) fail('unauthorized');
  return toUser(user);
}

/**
 * The avatar: an image the user uploaded with purpose avatar (anyone else's upload, or one for
 * another purpose, is refused as not found), or none.
 */
export async function changeAvatar(ctx: AppContext, userId: string, avatar: string | null): Promise<User> {
  if (avatar !== null && !(await findOwnUpload(ctx.db, avatar, userId, 'avatar')))
    failField('upload_not_found', 'avatar');
  const user = await users.setAvatar(ctx.db, userId, avatar);
  if (!user) fail('unauthorized');
  return toUser(user);
}

/** A user by id, for other areas (they never read the users table themselves). */
export const getUser = (ctx: AppContext, userId: string) => users.findUserById(ctx.db, userId);

/**
 * A platform-owned user (the market maker of a realm): no credentials, so it can never log in.
 * Created once, found by its fixed invite code afterwards.
 */
export async function ensureSystemUser(
  ctx: AppContext,
  kind: 'real' | 'demo',
  nickname: string,
  inviteCode: string,
): Promise<string> {
  const [found] = await ctx.db.query<{ id: string }>(
    'SELECT id::text AS id FROM users WHERE invite_code = $1 AND system',
    [inviteCode],
  );
  if (found) return found.id;
  const user = await users.insertUser(ctx.db, { kind, nickname, inviteCode });
  await ctx.db.query('UPDATE users SET system = true WHERE id = $1', [user.id]);
  return user.id;
}
