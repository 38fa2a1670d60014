import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@otc/core/referral/rules';
import { toE164 } from '@otc/protocol/auth/phone';
import { isStrongPassword } from '@otc/protocol/auth/rules';
import type {
  AccountType,
  CodePurpose,
  LoginBody,
  LoginResult,
  RegisterBody,
  ResetPasswordBody,
  SendCodeResult,
  Session,
} from '@otc/protocol/auth/schemas';
import type { Language } from '@otc/protocol/languages';
import { adoptIn } from '../chat/index.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail, failField } from '../http/errors.ts';
import { hashPassword, needsRehash, verifyPassword } from '../platform/secrets/passwords.ts';
import { hashToken, randomString } from '../platform/secrets/tokens.ts';
import { toUser, users } from '../users/index.ts';
import { verifyCaptcha } from './captcha.ts';
import { checkCode, consumeCode, issueCode } from './codes.ts';
import * as logins from './queries.ts';
import type { SessionOrigin } from './session-origin.ts';
import { closeSession, openSession } from './sessions.ts';
import { type SiweOrigin, verifySignIn } from './siwe.ts';
import { issueChallenge } from './two-factor/challenge.ts';
import { totpEnabled } from './two-factor/codes.ts';

/** PRODUCT.md: the captcha is asked for after 3 failed logins of an account. */
export const CAPTCHA_AFTER_FAILURES = 3;

const columnOf = (type: AccountType): users.AccountColumn => (type === 'email' ? 'email' : 'phone');
const fieldOf = (type: AccountType) => (type === 'email' ? 'email' : 'phone');

/**
 * A login account: an email, or a mobile number (one with its +, or any with the region it is read
 * in), told apart by its shape. A number is looked up in E.164 however it was typed; one that is
 * not a valid number is kept as typed, so it finds nobody and fails like a wrong password.
 */
export function accountKind(
  account: string,
  region?: string,
): { column: users.AccountColumn; value: string } {
  const value = account.trim();
  if (value.includes('@') || !(value.startsWith('+') || region)) {
    return { column: 'email', value: value.toLowerCase() };
  }
  return { column: 'phone', value: toE164(value, region) ?? value };
}

/** A mobile number to send to or register, in E.164; one that is not a number is refused. */
function mobileNumber(typed: string, region?: string): string {
  return toE164(typed, region) ?? failField('phone_invalid', 'phone');
}

/** The account of a registration or reset as it is stored: the email, or the number in E.164. */
const accountOf = (body: RegisterBody | ResetPasswordBody): string =>
  body.type === 'email' ? body.account : mobileNumber(body.account, body.region);

export async function sendCode(
  ctx: AppContext,
  lang: Language,
  type: AccountType,
  typed: string,
  purpose: CodePurpose,
  region?: string,
): Promise<SendCodeResult> {
  const target = type === 'email' ? typed : mobileNumber(typed, region);
  const existing = await users.findUserByAccount(ctx.db, columnOf(type), target);
  if (purpose === 'register' && existing) failField('account_exists', fieldOf(type));
  if (purpose === 'reset' && !existing) failField('account_not_found', fieldOf(type));
  return issueCode(
    ctx.db,
    ctx.clock.date(),
    ctx.delivery,
    lang,
    type === 'email' ? 'email' : 'sms',
    target,
    purpose,
  );
}

export function checkNewPassword(password: string, confirmPassword: string) {
  if (!isStrongPassword(password)) failField('password_weak', 'password');
  if (password !== confirmPassword) failField('password_mismatch', 'confirmPassword');
}

export async function register(ctx: AppContext, body: RegisterBody, origin: SessionOrigin): Promise<Session> {
  checkNewPassword(body.password, body.confirmPassword);
  if (!body.agree) failField('agreement_required', 'agree');
  const referrer = body.inviteCode
    ? await users.findReferrer(ctx.db, body.inviteCode.toUpperCase())
    : undefined;
  if (body.inviteCode && !referrer) failField('invite_code_invalid', 'inviteCode');
  const column = columnOf(body.type);
  const account = accountOf(body);
  if (await users.findUserByAccount(ctx.db, column, account)) failField('account_exists', fieldOf(body.type));
  const codeId = await checkCode(ctx.db, ctx.clock.date(), account, 'register', body.code);

  const passwordHash = await hashPassword(body.password, ctx.config.scryptLogN);
  const inviteCode = await freeInviteCode(ctx.db);
  return ctx.db
    .tx(async (q) => {
      await consumeCode(q, codeId, ctx.clock.date());
      const user = await users.insertUser(q, {
        kind: 'real',
        [column]: account,
        passwordHash,
        // Seed: the transaction password is the login password (and follows it) until one is set.
        tradePasswordMode: 'login',
        nickname: defaultNickname(account),
        inviteCode,
        referrerId: referrer?.id ?? null,
      });
      // A guest who wrote to support before registering keeps the conversation (decision 0129).
      if (body.deviceToken) await adoptIn(q, body.deviceToken, user.id);
      return {
        token: await openSession(q, user.id, ctx.config.sessionDays, ctx.clock.date(), origin),
        user: toUser(user),
      };
    })
    .catch((err) => {
      if (isUniqueViolation(err)) failField('account_exists', fieldOf(body.type));
      throw err;
    });
}

export async function loginState(
  ctx: AppContext,
  account: string,
  region?: string,
): Promise<{ captchaRequired: boolean }> {
  const { value } = accountKind(account, region);
  return { captchaRequired: (await logins.loginFailures(ctx.db, value)) >= CAPTCHA_AFTER_FAILURES };
}

export async function login(ctx: AppContext, body: LoginBody, origin: SessionOrigin): Promise<LoginResult> {
  const { column, value } = accountKind(body.account, body.region);
  if ((await logins.loginFailures(ctx.db, value)) >= CAPTCHA_AFTER_FAILURES) {
    await verifyCaptcha(ctx, body.captcha);
  }
  const user = await users.findUserByAccount(ctx.db, column, value);
  // Unknown accounts and wrong passwords answer alike and count alike, so neither can be probed.
  if (!(await verifyPassword(body.password, user?.password_hash, ctx.config.scryptLogN)) || !user) {
    await logins.recordLoginFailure(ctx.db, value);
    fail('login_failed');
  }
  if (user.status !== 'active') fail('account_disabled');
  const checked = user.password_hash as string;
  const stronger = needsRehash(checked, ctx.config.scryptLogN)
    ? await hashPassword(body.password, ctx.config.scryptLogN)
    : undefined;
  if (stronger) await users.rehashPassword(ctx.db, user.id, 'password_hash', checked, stronger);
  // Two-factor on: the password alone opens no session (the failures clear once the code is right).
  if (await totpEnabled(ctx.db, user.id)) return issueChallenge(ctx, user.id, value);
  return ctx.db.tx(async (q) => {
    await logins.clearLoginFailures(q, value);
    // A guest who wrote to support before signing in keeps the conversation (decision 0129).
    if (body.deviceToken) await adoptIn(q, body.deviceToken, user.id);
    return {
      token: await openSession(q, user.id, ctx.config.sessionDays, ctx.clock.date(), origin),
      user: toUser(user),
    };
  });
}

export async function resetPassword(ctx: AppContext, body: ResetPasswordBody): Promise<void> {
  checkNewPassword(body.password, body.confirmPassword);
  const account = accountOf(body);
  const user = await users.findUserByAccount(ctx.db, columnOf(body.type), account);
  if (!user) failField('account_not_found', fieldOf(body.type));
  const codeId = await checkCode(ctx.db, ctx.clock.date(), account, 'reset', body.code);
  const hash = await hashPassword(body.password, ctx.config.scryptLogN);
  await ctx.db.tx(async (q) => {
    await consumeCode(q, codeId, ctx.clock.date());
    // A transaction password that follows the login password (mode `login`) follows this too.
    await users.setPassword(q, user.id, hash);
    // A reset ends every session: whoever knew the old password is signed out everywhere.
    await logins.revokeAllSessions(q, user.id);
    await logins.clearLoginFailures(q, account);
  });
  ctx.sessions.ended({ userId: user.id });
}

export async function walletLogin(
  ctx: AppContext,
  origin: SiweOrigin,
  body: { address: string; message: string; signature: string; deviceToken?: string | undefined },
  from: SessionOrigin,
): Promise<LoginResult> {
  const address = await verifySignIn(ctx, origin, body);
  const existing = await users.findUserByWallet(ctx.db, address);
  if (existing && existing.status !== 'active') fail('account_disabled');
  // The wallet's signature is one factor, as a password is: two-factor on asks the code here too.
  if (existing && (await totpEnabled(ctx.db, existing.id))) return issueChallenge(ctx, existing.id, address);
  const inviteCode = existing ? '' : await freeInviteCode(ctx.db);
  return ctx.db.tx(async (q) => {
    const user =
      existing ??
      (await users.insertUser(q, {
        kind: 'real',
        walletAddress: address,
        nickname: `${address.slice(0, 6)}…${address.slice(-4)}`,
        inviteCode,
      }));
    // A guest who wrote to support before signing in keeps the conversation (decision 0129).
    if (body.deviceToken) await adoptIn(q, body.deviceToken, user.id);
    return {
      token: await openSession(q, user.id, ctx.config.sessionDays, ctx.clock.date(), from),
      user: toUser(user),
    };
  });
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await closeSession(ctx.db, token);
  ctx.sessions.ended({ tokenHash: hashToken(token) });
}

/** An invite code no user has yet (every user gets one, a demo user too). */
export async function freeInviteCode(q: Queryable): Promise<string> {
  for (;;) {
    const code = randomString(INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH);
    if (!(await users.inviteCodeTaken(q, code))) return code;
  }
}

function defaultNickname(account: string): string {
  const name = account.includes('@') ? (account.split('@')[0] ?? account) : `user${account.slice(-4)}`;
  return name.slice(0, 24);
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
