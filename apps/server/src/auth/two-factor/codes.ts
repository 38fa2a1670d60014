import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { failField } from '../../http/errors.ts';
import { hashToken, randomString } from '../../platform/secrets/tokens.ts';
import { matchTotp } from '../../platform/secrets/totp.ts';
import { findTotp, spendRecoveryCode, spendStep } from './queries.ts';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-like: no 0/O or 1/I to misread when typed from paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code: 16 characters (80 random bits, so a plain SHA-256 keeps it), in four groups. */
export function newRecoveryCode(): string {
  return randomString(RECOVERY_ALPHABET, 16).match(/.{4}/g)?.join('-') ?? '';
}

/** What a typed recovery code is stored under: case, spaces and dashes do not matter. */
export const recoveryCodeHash = (typed: string): string =>
  hashToken(typed.toUpperCase().replace(/[\s-]/g, ''));

/** What a user's two-factor key is sealed for: a sealed key copied into another user's row does not open. */
const sealedFor = (userId: string) => `totp:${userId}`;

export const sealTotpSecret = (ctx: AppContext, userId: string, secret: string) =>
  ctx.secrets.seal(secret, sealedFor(userId));

export const openTotpSecret = (ctx: AppContext, userId: string, stored: string) =>
  ctx.secrets.open(stored, sealedFor(userId));

/**
 * Whether `code` proves the second factor of a user with two-factor on: a current authenticator
 * code not used before (its step is spent), or, when `recovery`, an unused recovery code (spent).
 */
export async function proveSecondFactor(
  ctx: AppContext,
  q: Queryable,
  userId: string,
  code: string,
  recovery: boolean,
): Promise<boolean> {
  const totp = await findTotp(q, userId);
  if (!totp?.enabled) return false;
  const typed = code.trim();
  const now = ctx.clock.date();
  const step = matchTotp(openTotpSecret(ctx, userId, totp.secret), typed, now.getTime(), totp.last_step);
  if (step !== null) return spendStep(q, userId, step);
  return recovery && !/^\d{6}$/.test(typed) && spendRecoveryCode(q, userId, recoveryCodeHash(typed), now);
}

export async function totpEnabled(q: Queryable, userId: string): Promise<boolean> {
  return (await findTotp(q, userId))?.enabled ?? false;
}

/**
 * Asked again before a sensitive change once two-factor is on (decision 0156): a current code, not a
 * recovery code (those are for signing in without the phone; decision 0158 keeps them out of money
 * moves too). Nothing is asked while it is off. `q` is the caller's transaction when the change is
 * one: a change refused after the check rolls the spent code back with it.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  userId: string,
  code: string | undefined,
  field = 'totpCode',
  q: Queryable = ctx.db,
): Promise<void> {
  if (!(await totpEnabled(q, userId))) return;
  if (!code) failField('totp_code_required', field);
  if (!(await proveSecondFactor(ctx, q, userId, code, false))) failField('totp_code_wrong', field);
}
