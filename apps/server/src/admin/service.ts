import type { AdminRole, AdminSession, Operator } from '@otc/protocol/admin/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import { audit } from '../platform/audit.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { hashToken, newToken, randomString } from '../security/tokens.ts';
import * as ops from './queries.ts';

export async function operatorLogin(
  ctx: AppContext,
  req: FastifyRequest,
  email: string,
  password: string,
): Promise<AdminSession> {
  const op = await ops.findOperatorByEmail(ctx.db, email);
  if (!(await verifyPassword(password, op?.password_hash)) || !op) {
    await audit(ctx.db, req, 'operator.login_failed', email, {}, op?.id ?? null);
    fail('login_failed');
  }
  const token = newToken();
  await ctx.db.tx(async (q) => {
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

export async function createOperator(
  ctx: AppContext,
  req: FastifyRequest,
  email: string,
  password: string,
  role: AdminRole,
): Promise<Operator> {
  if (await ops.findOperatorByEmail(ctx.db, email)) failField('account_exists', 'email');
  const hash = await hashPassword(password);
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
    const user = await ops.lockUserForStatus(q, userId);
    if (!user) failField('not_found', 'userId');
    // A system user (the market maker) is the platform's own, never a person to lock out.
    if (user.system && status === 'disabled') fail('system_user_locked');
    await ops.setUserStatus(q, userId, status);
    if (status === 'disabled')
      await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
        userId,
      ]);
    await audit(q, req, 'user.status', userId, { status });
  });
  if (status === 'disabled') ctx.sessions.ended({ userId });
}

/** The operator a first start created: the password only when generated (shown once, then never again). */
export interface FirstOperator {
  email: string;
  generatedPassword: string | undefined;
}

/**
 * The first start creates the first operator (role admin) from ADMIN_EMAIL and ADMIN_PASSWORD,
 * generating a password when none is set (from crypto: tokens.ts), and shows it once: the only way
 * it is ever shown. With LOG_FORMAT=json (production) that is this log line; otherwise `main.ts`
 * prints it in the start banner, and the structured log says only that an operator was created.
 */
export async function seedFirstOperator(ctx: AppContext): Promise<FirstOperator | undefined> {
  if ((await ops.countOperators(ctx.db)) > 0) return undefined;
  const { adminEmail: email, adminPassword, logFormat } = ctx.config;
  const password =
    adminPassword ?? randomString('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789', 16);
  await ops.insertOperator(ctx.db, email, await hashPassword(password), 'admin');
  ctx.log.warn(
    { adminEmail: email },
    adminPassword
      ? `first operator created: ${email} with the password from ADMIN_PASSWORD`
      : logFormat === 'json'
        ? `first operator created: ${email} / ${password} (shown once: change it or set ADMIN_PASSWORD)`
        : `first operator created: ${email} (its generated password is in the start banner, shown once)`,
  );
  return { email, generatedPassword: adminPassword ? undefined : password };
}
