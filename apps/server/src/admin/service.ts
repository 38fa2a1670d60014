import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type {
  AdminRole,
  AdminSession,
  ChangeOperatorPasswordBody,
  Operator,
} from '@otc/protocol/admin/schemas';
import { isStrongPassword } from '@otc/protocol/auth/rules';
import type { FastifyRequest } from 'fastify';
import { resetTotp, revokeAllSessions } from '../auth/index.ts';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import { announceNotices, notify } from '../notifications/index.ts';
import { audit, auditOnUser } from '../platform/audit.ts';
import { hashPassword, needsRehash, verifyPassword } from '../platform/secrets/passwords.ts';
import { hashToken, newToken, randomString } from '../platform/secrets/tokens.ts';
import { users } from '../users/index.ts';
import * as ops from './queries.ts';

export async function operatorLogin(
  ctx: AppContext,
  req: FastifyRequest,
  email: string,
  password: string,
): Promise<AdminSession> {
  const op = await ops.findOperatorByEmail(ctx.db, email);
  if (!(await verifyPassword(password, op?.password_hash, ctx.config.scryptLogN)) || !op) {
    await audit(ctx.db, req, 'operator.login_failed', email, {}, op?.id ?? null);
    fail('login_failed');
  }
  // Disabled (the operator's command line): the same answer as a wrong password, told apart in the log.
  if (op.disabled_at !== null) {
    await audit(ctx.db, req, 'operator.login_disabled', email, {}, op.id);
    fail('login_failed');
  }
  const stronger = needsRehash(op.password_hash, ctx.config.scryptLogN)
    ? await hashPassword(password, ctx.config.scryptLogN)
    : undefined;
  const token = newToken();
  await ctx.db.tx(async (q) => {
    if (stronger) await ops.rehashOperatorPassword(q, op.id, op.password_hash, stronger);
    await ops.insertOperatorSession(q, hashToken(token), op.id, ctx.clock.date());
    await audit(q, req, 'operator.login', op.email, {}, op.id);
  });
  return { token, operator: ops.toOperator(op) };
}

export async function operatorLogout(ctx: AppContext, req: FastifyRequest): Promise<void> {
  if (!req.bearer) return;
  const bearer = req.bearer;
  await ctx.db.tx(async (q) => {
    await ops.revokeOperatorSession(q, hashToken(bearer));
    await audit(q, req, 'operator.logout', req.operator?.email ?? null);
  });
}

/**
 * The signed-in operator changes their own password (any role): the current one asked, the users'
 * password rules for the new one, which must differ from it. Every other session of the operator
 * ends (a stolen token stops working); the one asking stays. Nothing changes on a refusal.
 */
export async function changeOperatorPassword(
  ctx: AppContext,
  req: FastifyRequest,
  body: ChangeOperatorPasswordBody,
): Promise<void> {
  const op = req.operator ? await ops.findOperatorById(ctx.db, req.operator.id) : undefined;
  if (!op || !req.bearer) fail('unauthorized');
  if (!(await verifyPassword(body.currentPassword, op.password_hash, ctx.config.scryptLogN))) {
    await audit(ctx.db, req, 'operator.password_failed', op.email, {}, op.id);
    failField('old_password_wrong', 'currentPassword');
  }
  if (!isStrongPassword(body.newPassword)) failField('password_weak', 'newPassword');
  if (body.newPassword === body.currentPassword) failField('password_unchanged', 'newPassword');
  if (body.newPassword !== body.confirmPassword) failField('password_mismatch', 'confirmPassword');
  const hash = await hashPassword(body.newPassword, ctx.config.scryptLogN);
  const keep = hashToken(req.bearer);
  await ctx.db.tx(async (q) => {
    if (!(await ops.replaceOperatorPassword(q, op.id, op.password_hash, hash)))
      failField('old_password_wrong', 'currentPassword');
    await ops.revokeOtherOperatorSessions(q, op.id, keep);
    await audit(q, req, 'operator.password', op.email, {}, op.id);
  });
}

export async function createOperator(
  ctx: AppContext,
  req: FastifyRequest,
  email: string,
  password: string,
  role: AdminRole,
): Promise<Operator> {
  if (await ops.findOperatorByEmail(ctx.db, email)) failField('account_exists', 'email');
  // An operator's password guards the back office: at least the users' rule, as when they change it.
  if (!isStrongPassword(password)) failField('password_weak', 'password');
  const hash = await hashPassword(password, ctx.config.scryptLogN);
  return ctx.db.tx(async (q) => {
    const op = await ops.insertOperator(q, email, hash, role);
    await audit(q, req, 'operator.create', email, { role });
    return op;
  });
}

export async function changeUserStatus(
  ctx: AppContext,
  req: FastifyRequest,
  userId: string,
  status: 'active' | 'disabled',
): Promise<void> {
  await ctx.db.tx(async (q) => {
    const user = await users.lockUser(q, userId);
    if (!user) failField('not_found', 'userId');
    // A system user (the market maker) is the platform's own, never a person to lock out.
    if (user.system && status === 'disabled') fail('system_user_locked');
    await users.setUserStatus(q, userId, status);
    if (status === 'disabled') await revokeAllSessions(q, userId);
    await auditOnUser(q, req, 'user.status', userId, { status });
  });
  if (status === 'disabled') ctx.sessions.ended({ userId });
}

/** Where the notification of a reset takes the user: the security centre, to turn two-factor on again. */
const SECURITY_CENTRE = '/pages/assets/anquanzhongxin';

/**
 * Turns a user's two-factor sign-in off (decision 0158): their phone and recovery codes are lost,
 * and an operator checked who they are out of band (the reason says how). Admins only, one
 * operator: it moves no money and leaves the account as every account without two-factor is; the
 * user is signed out everywhere, told at once, and sees it among the operator actions on the account.
 */
export async function resetUserTotp(
  ctx: AppContext,
  req: FastifyRequest,
  userId: string,
  reason: string,
): Promise<void> {
  await ctx.db.tx(async (q) => {
    const user = await users.lockUser(q, userId);
    if (!user) failField('not_found', 'userId');
    if (!(await resetTotp(q, userId))) fail('totp_not_enabled');
    await revokeAllSessions(q, userId);
    await auditOnUser(q, req, 'user.totp_reset', userId, { reason });
    await notify(q, userId, { kind: 'auth.totp_reset', params: { reason }, link: SECURITY_CENTRE });
  });
  ctx.sessions.ended({ userId });
  await announceNotices(ctx, [userId]);
}

/** The operator a first start created, and where its generated password is (none when ADMIN_PASSWORD set it). */
export interface FirstOperator {
  email: string;
  passwordFile: string | undefined;
}

/** Where a first start writes the operator's generated password, in DATA_DIR. */
export const FIRST_OPERATOR_PASSWORD_FILE = 'first-operator-password.txt';

/**
 * The first start creates the first operator (role admin) from ADMIN_EMAIL and ADMIN_PASSWORD,
 * generating a password when none is set (from crypto: tokens.ts). A generated password is never
 * logged nor printed (logs are kept and shipped; "nothing secret in logs"): it is written to
 * DATA_DIR/first-operator-password.txt, readable by the server's user only (0600), and the log
 * line and the start banner say only where it is. Written before the operator is, so an operator
 * never exists whose password nobody can read.
 */
export async function seedFirstOperator(ctx: AppContext): Promise<FirstOperator | undefined> {
  if ((await ops.countOperators(ctx.db)) > 0) return undefined;
  const { adminEmail: email, adminPassword, dataDir } = ctx.config;
  if (adminPassword) {
    await ops.insertOperator(
      ctx.db,
      email,
      await hashPassword(adminPassword, ctx.config.scryptLogN),
      'admin',
    );
    ctx.log.warn(
      { adminEmail: email },
      `first operator created: ${email} with the password from ADMIN_PASSWORD`,
    );
    return { email, passwordFile: undefined };
  }
  const password = generatedOperatorPassword();
  const passwordFile = writeSecretFile(dataDir, FIRST_OPERATOR_PASSWORD_FILE, `${password}\n`);
  await ops.insertOperator(ctx.db, email, await hashPassword(password, ctx.config.scryptLogN), 'admin');
  ctx.log.warn(
    { adminEmail: email, passwordFile },
    `first operator created: ${email}; its generated password is in ${passwordFile} (readable by this user only: sign in, change it under Change password at the top of the back office, delete the file)`,
  );
  return { email, passwordFile };
}

/** A password made for an operator (the first one, the command line's): 16 letters and digits no one misreads. */
export const generatedOperatorPassword = () =>
  randomString('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789', 16);

/** Writes `text` to dir/name readable and writable by the owner only, replacing an older file. */
export function writeSecretFile(dir: string, name: string, text: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  // `mode` applies only to a file it creates: an older file is made owner-only first.
  if (existsSync(file)) chmodSync(file, 0o600);
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
