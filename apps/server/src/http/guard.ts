import type { AdminRole } from '@otc/protocol/admin/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Db, one } from '../db/db.ts';
import type { Clock } from '../platform/clock.ts';
import { hashToken } from '../platform/secrets/tokens.ts';
import type { Sessions } from '../platform/sessions.ts';
import { fail } from './errors.ts';

/**
 * Routes say who may call them with `config.auth` ('user' or 'operator') and, for operators,
 * `config.roles`. This hook is the one place that turns a bearer token into a caller.
 */
export function installGuard(app: FastifyInstance, db: Db, sessions: Sessions, clock: Clock) {
  app.decorateRequest('userId', null);
  app.decorateRequest('realm', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('bearer', null);
  app.addHook('onRequest', async (req) => {
    req.bearer = bearerOf(req);
    const { auth, roles } = req.routeOptions.config;
    if (!auth) return;
    if (!req.bearer) fail('unauthorized');
    if (auth === 'user') {
      const session = await sessions.lookup(req.bearer);
      if (!session) fail('unauthorized');
      if (session.status !== 'active') fail('account_disabled');
      req.userId = session.userId;
      req.realm = session.realm;
      sessions.seen(req.bearer, req.ip);
      return;
    }
    const op = await one<{ id: string; email: string; role: AdminRole }>(
      db,
      `SELECT operator_id::text AS id, email, role FROM operator_logins
       WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2::timestamptz`,
      [hashToken(req.bearer), clock.date().toISOString()],
    );
    if (!op) fail('unauthorized');
    if (roles && !roles.includes(op.role)) fail('forbidden');
    req.operator = op;
  });
}

function bearerOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 512 ? token : null;
}

/** The caller's user id on a route declared with `config.auth: 'user'`. */
export function userIdOf(req: FastifyRequest): string {
  if (!req.userId) fail('unauthorized');
  return req.userId;
}

/** The caller's id and realm on a route declared with `config.auth: 'user'`. */
export function callerOf(req: FastifyRequest): { userId: string; realm: Realm } {
  if (!req.userId || !req.realm) fail('unauthorized');
  return { userId: req.userId, realm: req.realm };
}

/**
 * On a public route that reads differently for a signed-in caller (a perpetual's funding rate comes
 * from a demo user's own realm; the leverage a user's country allows): the session's realm and user,
 * else live and null. A missing, unknown or disabled session reads as a visitor, never as an error.
 */
export async function callerOfOptional(
  req: FastifyRequest,
  sessions: Sessions,
): Promise<{ realm: Realm; userId: string | null }> {
  const session = req.bearer ? await sessions.lookup(req.bearer) : undefined;
  return session?.status === 'active'
    ? { realm: session.realm, userId: session.userId }
    : { realm: 'live', userId: null };
}
