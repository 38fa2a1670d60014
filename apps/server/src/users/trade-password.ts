import { lockedUntil } from '@otc/core';
import { isStrongPassword } from '@otc/protocol/auth/rules';
import type { ExistTradePassword } from '@otc/protocol/auth/schemas';
import { TRADE_PASSWORD_MAX_FAILURES, TRADE_PASSWORD_WINDOW_MINUTES } from '@otc/protocol/users/rules';
import type { SetTradePasswordBody } from '@otc/protocol/users/schemas';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import { hashPassword, needsRehash, verifyPassword } from '../platform/secrets/passwords.ts';
import * as users from './queries.ts';

const LOCKOUT = {
  maxFailures: TRADE_PASSWORD_MAX_FAILURES,
  windowMs: TRADE_PASSWORD_WINDOW_MINUTES * 60_000,
};

/*
 * The transaction password (PRODUCT.md "Accounts and security", issue 14). Seed: it defaults to the
 * login password, so until the user sets one of their own it IS the login password (mode `login`:
 * a change or a reset of the login password changes it too); once set it is separate (`own`); a
 * wallet-login user has none until they set one (`none`).
 */

export async function tradePasswordState(ctx: AppContext, userId: string): Promise<ExistTradePassword> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) fail('unauthorized');
  return { exists: user.trade_password_mode !== 'none', mode: user.trade_password_mode };
}

/**
 * The one check every call that moves money out runs: against the password in force, refused
 * outright while locked (5 wrong in 15 minutes, on the clock). `field` is where a form shows it.
 */
export async function checkTradePassword(
  ctx: AppContext,
  userId: string,
  password: string,
  field = 'tradePassword',
): Promise<void> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user || user.trade_password_mode === 'none') fail('trade_password_required');
  await refuseWhileLocked(ctx, user.id, field);
  const column = user.trade_password_mode === 'login' ? 'password_hash' : 'trade_password_hash';
  const hash = user[column];
  if (await verifyPassword(password, hash, ctx.config.scryptLogN)) {
    await users.clearTradePasswordFailures(ctx.db, user.id);
    // An older-cost hash is rewritten at the check that proved it (as the login does).
    if (hash && needsRehash(hash, ctx.config.scryptLogN))
      await users.rehashPassword(
        ctx.db,
        user.id,
        column,
        hash,
        await hashPassword(password, ctx.config.scryptLogN),
      );
    return;
  }
  // Kept although the request fails: the count is what guards the password.
  await users.recordTradePasswordFailure(ctx.db, user.id, ctx.clock.date());
  await refuseWhileLocked(ctx, user.id, field);
  failField('trade_password_wrong', field);
}

async function refuseWhileLocked(ctx: AppContext, userId: string, field: string): Promise<void> {
  const failures = await users.latestTradePasswordFailures(ctx.db, userId, LOCKOUT.maxFailures);
  const now = ctx.clock.now();
  const until = lockedUntil(failures, now, LOCKOUT);
  if (until !== null)
    failField('trade_password_locked', field, { minutes: Math.max(1, Math.ceil((until - now) / 60_000)) });
}

/**
 * Sets a transaction password of the user's own: with the one in force (the login password while
 * it follows it), checked like any other use of it; from then on the login password no longer
 * changes it.
 */
export async function setTradePassword(
  ctx: AppContext,
  userId: string,
  body: SetTradePasswordBody,
): Promise<void> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) fail('unauthorized');
  if (user.trade_password_mode !== 'none') {
    if (!body.currentPassword) failField('field_required', 'currentPassword');
    await checkTradePassword(ctx, userId, body.currentPassword, 'currentPassword');
  }
  if (!isStrongPassword(body.password)) failField('password_weak', 'password');
  if (body.password !== body.confirmPassword) failField('password_mismatch', 'confirmPassword');
  await users.setOwnTradePassword(ctx.db, userId, await hashPassword(body.password, ctx.config.scryptLogN));
}
