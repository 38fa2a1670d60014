import type { TotpRecoveryCodes, TotpSetup, TotpState } from '@otc/protocol/users/schemas';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { fail, failField } from '../../http/errors.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../platform/secrets/totp.ts';
import { users } from '../../users/index.ts';
import {
  newRecoveryCode,
  openTotpSecret,
  proveSecondFactor,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  sealTotpSecret,
} from './codes.ts';
import {
  findTotp,
  markTotpEnabled,
  putPendingTotp,
  putRecoveryCodes,
  recoveryCodesLeft,
  removeTotp,
  spendStep,
} from './queries.ts';

/** The name authenticator apps list the account under. */
const ISSUER = 'OTC Markets';

async function liveUser(ctx: AppContext, userId: string) {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) fail('unauthorized');
  // A demo account is thrown away with its session; it has nothing a second factor would guard.
  if (user.kind === 'demo') fail('demo_not_allowed');
  return user;
}

export async function totpState(ctx: AppContext, userId: string): Promise<TotpState> {
  const totp = await findTotp(ctx.db, userId);
  return {
    enabled: totp?.enabled ?? false,
    recoveryCodesLeft: totp?.enabled ? await recoveryCodesLeft(ctx.db, userId) : 0,
  };
}

/**
 * A new secret for the user's authenticator app. It is shown here and never again: once a code
 * confirms it, nothing answers it (a new set-up is refused while two-factor is on).
 */
export async function setUpTotp(ctx: AppContext, userId: string): Promise<TotpSetup> {
  const user = await liveUser(ctx, userId);
  if ((await findTotp(ctx.db, userId))?.enabled) fail('totp_already_enabled');
  const secret = newTotpSecret();
  await putPendingTotp(ctx.db, userId, sealTotpSecret(ctx, userId, secret), ctx.clock.date());
  const account = user.email ?? user.phone ?? user.wallet_address ?? user.id;
  return { secret, uri: otpauthUri(ISSUER, account, secret) };
}

/** Turns two-factor on with a code of the set-up secret; the recovery codes are answered once. */
export async function enableTotp(ctx: AppContext, userId: string, code: string): Promise<TotpRecoveryCodes> {
  await liveUser(ctx, userId);
  const totp = await findTotp(ctx.db, userId);
  if (!totp) fail('totp_not_set_up');
  if (totp.enabled) fail('totp_already_enabled');
  const step = matchTotp(
    openTotpSecret(ctx, userId, totp.secret),
    code.trim(),
    ctx.clock.now(),
    totp.last_step,
  );
  if (step === null) failField('totp_code_wrong', 'code');
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.tx(async (q) => {
    if (!(await spendStep(q, userId, step))) failField('totp_code_wrong', 'code');
    if (!(await markTotpEnabled(q, userId, ctx.clock.date()))) fail('totp_already_enabled');
    await putRecoveryCodes(q, userId, recoveryCodes.map(recoveryCodeHash));
  });
  return { recoveryCodes };
}

/**
 * An operator turns a user's two-factor off (decision 0158: a lost phone and lost recovery codes,
 * after an identity check out of band), in the operator's transaction: false when it was not on.
 */
export async function resetTotp(q: Queryable, userId: string): Promise<boolean> {
  if (!(await findTotp(q, userId))?.enabled) return false;
  await removeTotp(q, userId);
  return true;
}

/** Turns two-factor off with a current code or a recovery code (a lost phone). */
export async function disableTotp(ctx: AppContext, userId: string, code: string): Promise<void> {
  await liveUser(ctx, userId);
  if (!(await findTotp(ctx.db, userId))?.enabled) fail('totp_not_enabled');
  await ctx.db.tx(async (q) => {
    if (!(await proveSecondFactor(ctx, q, userId, code, true))) failField('totp_code_wrong', 'code');
    await removeTotp(q, userId);
  });
}
