import type { AdminRole } from '@otc/protocol/admin';
import type { Realm } from '@otc/protocol/ledger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { batched } from '../db/batched.ts';
import { type Db, one, type Queryable } from '../db/db.ts';
import { hashToken } from '../security/tokens.ts';
import { fail } from './errors.ts';

/**
 * Routes say who may call them with `config.auth` ('user' or 'operator') and, for operators,
 * `config.roles`. This hook is the one place that turns a bearer token into a caller.
 */
export function installGuard(app: FastifyInstance, db: Db) {
  app.decorateRequest('userId', null);
  app.decorateRequest('realm', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('bearer', null);
  const sessions = sessionLookup(db);
  app.addHook('onRequest', async (req) => {
    req.bearer = bearerOf(req);
    const { auth, roles } = req.routeOptions.config;
    if (!auth) return;
    if (!req.bearer) fail('unauthorized');
    const tokenHash = hashToken(req.bearer);
    if (auth === 'user') {
      const session = await sessions(req.bearer);
      if (!session) fail('unauthorized');
      if (session.status !== 'active') fail('account_disabled');
      req.userId = session.userId;
      req.realm = session.realm;
      return;
    }
    const op = await one<{ id: string; email: string; role: AdminRole }>(
      db,
      `SELECT o.id::text AS id, o.email, o.role FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [tokenHash],
    );
    if (!op) fail('unauthorized');
    if (roles && !roles.includes(op.role)) fail('forbidden');
    req.operator = op;
  });
}

export interface Session {
  userId: string;
  status: string;
  /** The books the user's money lives in: a demo user's are the demo books. */
  realm: Realm;
}

const SESSION_SQL = `SELECT s.token_hash, s.user_id::text AS user_id, u.status, u.kind FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = ANY($1::text[]) AND s.revoked_at IS NULL AND s.expires_at > now()`;

type SessionRow = { token_hash: string; user_id: string; status: string; kind: 'real' | 'demo' };
const toSession = (r: SessionRow): Session => ({
  userId: r.user_id,
  status: r.status,
  realm: r.kind === 'demo' ? 'demo' : 'live',
});

/**
 * The one session lookup, for HTTP (the guard) and the socket (`auth`): the tokens that arrive
 * together are looked up in one query. Never cached, so a logout or a disabled account takes
 * effect on the next request.
 */
export function sessionLookup(db: Queryable): (token: string) => Promise<Session | undefined> {
  const byHash = batched(async (hashes: string[]) => {
    const rows = await db.query<SessionRow>(SESSION_SQL, [hashes]);
    return new Map(rows.map((r) => [r.token_hash, toSession(r)]));
  });
  return (token) => byHash(hashToken(token));
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
