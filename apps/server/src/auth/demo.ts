import type { DemoSession } from '@otc/protocol/auth/schemas';
import type { Language } from '@otc/protocol/languages';
import type { AppContext } from '../context.ts';
import { one, type Queryable } from '../db/db.ts';
import { fail } from '../http/errors.ts';
import { translate } from '../i18n/translate.ts';
import { grantDemoFunds } from '../ledger/index.ts';
import { hashToken, newToken } from '../platform/secrets/tokens.ts';
import { toUser, type UserRow, users } from '../users/index.ts';
import { freeInviteCode } from './service.ts';
import type { SessionOrigin } from './session-origin.ts';
import { openSession } from './sessions.ts';

/**
 * "Try demo" (seed §1, issue 13). A person comes back to the same demo portfolio: a signed-in real
 * user always gets their own demo user (made on first use, reachable through their session only);
 * anyone else gets the demo user of the demo key their device keeps, or a new demo user and a new
 * key, returned once (only its hash is stored, like session tokens). A demo user only ever has
 * demo money: its session's realm is the demo books, whoever asked for it.
 */
export async function loginDemo(
  ctx: AppContext,
  lang: Language,
  ask: { demoKey?: string | undefined; bearer: string | null; origin: SessionOrigin },
): Promise<DemoSession> {
  const caller = ask.bearer ? await ctx.sessions.lookup(ask.bearer) : undefined;
  const owner = caller?.status === 'active' && caller.realm === 'live' ? caller.userId : null;
  const inviteCode = await freeInviteCode(ctx.db);
  return ctx.db.tx(async (q) => {
    const known = owner
      ? await pairedDemoUser(q, owner)
      : ask.demoKey
        ? await keyedDemoUser(q, ask.demoKey)
        : undefined;
    if (known && known.status !== 'active') fail('account_disabled');
    let user = known;
    let demoKey: string | null = null;
    if (!user) {
      user = await users.insertUser(q, {
        kind: 'demo',
        nickname: translate(lang, 'demo.nickname'),
        inviteCode,
      });
      await grantDemoFunds(q, user.id);
      const key = newToken();
      await q.query('INSERT INTO demo_accounts (demo_user_id, key_hash, owner_user_id) VALUES ($1, $2, $3)', [
        user.id,
        hashToken(key),
        owner,
      ]);
      // A paired demo user is reached through its owner's session: its key is never handed out.
      demoKey = owner ? null : key;
    }
    return {
      token: await openSession(q, user.id, ctx.config.sessionDays, ctx.clock.date(), ask.origin),
      user: toUser(user),
      demoKey,
    };
  });
}

/** The owner's demo user; locks the owner's row first, so two tabs asking at once make only one. */
async function pairedDemoUser(q: Queryable, ownerId: string): Promise<UserRow | undefined> {
  await users.lockUser(q, ownerId);
  const link = await one<{ id: string }>(
    q,
    'SELECT demo_user_id::text AS id FROM demo_accounts WHERE owner_user_id = $1',
    [ownerId],
  );
  return link && users.findUserById(q, link.id);
}

/** The unpaired demo user of a device's key; a paired one's key (never handed out) reaches nothing. */
async function keyedDemoUser(q: Queryable, key: string): Promise<UserRow | undefined> {
  const link = await one<{ id: string }>(
    q,
    'SELECT demo_user_id::text AS id FROM demo_accounts WHERE key_hash = $1 AND owner_user_id IS NULL',
    [hashToken(key)],
  );
  return link && users.findUserById(q, link.id);
}
