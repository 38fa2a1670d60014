import type { Session, TotpChallenge, TotpLoginBody } from '@otc/protocol/auth/schemas';
import type { AppContext } from '../../context.ts';
import { fail, failField } from '../../http/errors.ts';
import { hashToken, newToken } from '../../platform/secrets/tokens.ts';
import { toUser, users } from '../../users/index.ts';
import * as logins from '../queries.ts';
import type { SessionOrigin } from '../session-origin.ts';
import { openSession } from '../sessions.ts';
import { proveSecondFactor } from './codes.ts';
import { closeChallenge, insertChallenge, tryChallenge } from './queries.ts';

/** Long enough to open the app and type a code, short enough that a stolen challenge soon dies. */
export const CHALLENGE_MINUTES = 5;
/** Tries per challenge: after these the password is asked again (and the captcha, by then). */
export const CHALLENGE_TRIES = 5;

/**
 * The first factor passed: instead of a session, a challenge to finish with the second. `account`
 * is what login failures count under, so wrong codes bring the captcha as wrong passwords do.
 */
export async function issueChallenge(
  ctx: AppContext,
  userId: string,
  account: string,
): Promise<TotpChallenge> {
  const challenge = newToken();
  const expiresAt = new Date(ctx.clock.now() + CHALLENGE_MINUTES * 60_000);
  await insertChallenge(ctx.db, hashToken(challenge), userId, account, expiresAt);
  return { totpRequired: true, challenge, expiresAt: expiresAt.toISOString() };
}

/** The second call of a two-factor sign-in: the challenge and a code (or a recovery code) give the session. */
export async function finishChallenge(
  ctx: AppContext,
  body: TotpLoginBody,
  origin: SessionOrigin,
): Promise<Session> {
  const tokenHash = hashToken(body.challenge);
  const now = ctx.clock.date();
  const open = await tryChallenge(ctx.db, tokenHash, now);
  if (!open || open.attempts > CHALLENGE_TRIES) failField('totp_challenge_invalid', 'challenge');
  const user = await users.findUserById(ctx.db, open.user_id);
  if (!user) fail('login_failed');
  if (user.status !== 'active') fail('account_disabled');
  const session = await ctx.db.tx(async (q) => {
    if (!(await proveSecondFactor(ctx, q, user.id, body.code, true))) return null;
    // Two right answers at once (a code and a recovery code): the second finds it used, and its
    // transaction (with the code it spent) rolls back.
    if (!(await closeChallenge(q, tokenHash, now))) failField('totp_challenge_invalid', 'challenge');
    await logins.clearLoginFailures(q, open.account);
    return {
      token: await openSession(q, user.id, ctx.config.sessionDays, now, origin),
      user: toUser(user),
    };
  });
  if (session) return session;
  // Kept outside the transaction: the count is what slows the guessing down.
  await logins.recordLoginFailure(ctx.db, open.account);
  failField('totp_code_wrong', 'code');
}
