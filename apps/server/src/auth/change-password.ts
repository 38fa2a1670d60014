import type { ChangePasswordBody } from '@otc/protocol/users/schemas';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import { hashPassword, verifyPassword } from '../platform/secrets/passwords.ts';
import { users } from '../users/index.ts';
import * as logins from './queries.ts';
import { checkNewPassword } from './service.ts';
import { checkSecondFactor } from './two-factor/codes.ts';

/**
 * Changes the login password of the signed-in user (the old one asked, the registration rules for
 * the new, the authenticator's code once two-factor is on). Every other session ends, whoever held it; the one asking stays. A transaction
 * password that follows the login password (mode `login`) follows this change too.
 */
export async function changePassword(
  ctx: AppContext,
  userId: string,
  currentTokenHash: string,
  body: ChangePasswordBody,
): Promise<void> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) fail('unauthorized');
  // A wallet-login user has no login password to change.
  if (!(await verifyPassword(body.oldPassword, user.password_hash, ctx.config.scryptLogN)))
    failField('old_password_wrong', 'oldPassword');
  checkNewPassword(body.password, body.confirmPassword);
  // Last of the checks, so a refused new password does not spend the code.
  await checkSecondFactor(ctx, userId, body.totpCode);
  const hash = await hashPassword(body.password, ctx.config.scryptLogN);
  await ctx.db.tx(async (q) => {
    await users.setPassword(q, userId, hash);
    await logins.revokeOtherSessions(q, userId, currentTokenHash);
  });
  ctx.sessions.ended({ userId, except: currentTokenHash });
}
