import type { Realm } from '@otc/protocol/ledger/schemas';

export interface Session {
  userId: string;
  status: string;
  /** The books the user's money lives in: a demo user's are the demo books. */
  realm: Realm;
  /** When it expires (ms since the epoch): the socket holds a session and ends it then. */
  expiresAt: number;
}

/** Sessions ended somewhere: every instance forgets what it keeps of them and ends its sockets' hold. */
export const SESSIONS_ENDED_CHANNEL = 'sessions:ended';
/**
 * One session (logout), or every session of a user (a password reset, disabling) but `except`,
 * the caller's own, when the user ends their other sessions.
 */
export type SessionsEnded = { tokenHash: string } | { userId: string; except?: string };

/** Whether `which` ended the session with this token hash, of this user. */
export function covers(which: SessionsEnded, session: { tokenHash: string; userId: string }): boolean {
  if ('tokenHash' in which) return which.tokenHash === session.tokenHash;
  return which.userId === session.userId && which.except !== session.tokenHash;
}

/**
 * The session lookup as the platform sees it (the HTTP guard, the socket): the auth area's
 * `SessionCache` is the one implementation, created in `app.ts`. Whatever ends sessions calls
 * `ended` after its commit; whoever holds a session beyond one request hears of it on `onEnded`.
 */
export interface Sessions {
  lookup(token: string): Promise<Session | undefined>;
  ended(which: SessionsEnded): void;
  onEnded(listener: (which: SessionsEnded) => void): () => void;
  /** A request of this session came from `ip`: noted as its last seen, at most once a minute. */
  seen(token: string, ip: string): void;
}
