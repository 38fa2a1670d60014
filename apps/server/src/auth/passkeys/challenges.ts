import type { AppContext } from '../../context.ts';
import { fail } from '../../http/errors.ts';
import { hashToken, newToken } from '../../platform/secrets/tokens.ts';
import { insertChallenge, spendChallenge } from './queries.ts';

/** Long enough for a browser's prompt and a fingerprint, short enough that a stolen one soon dies. */
export const CHALLENGE_MINUTES = 5;

type Purpose = 'register' | 'login';

/** A new challenge (256 random bits, base64url); only its hash is stored. */
export async function issueChallenge(ctx: AppContext, purpose: Purpose, userId: string | null) {
  const challenge = newToken();
  const expiresAt = new Date(ctx.clock.now() + CHALLENGE_MINUTES * 60_000);
  await insertChallenge(ctx.db, hashToken(challenge), purpose, userId, expiresAt);
  return { challenge, timeout: CHALLENGE_MINUTES * 60_000 };
}

/**
 * The challenge an authenticator's answer signed (in its client data), spent here whatever the
 * signature turns out to be: a challenge answers once. Unknown, spent, expired or another user's:
 * refused before any signature is checked.
 */
export async function spendAnsweredChallenge(
  ctx: AppContext,
  clientDataJSON: string,
  purpose: Purpose,
  userId: string | null,
): Promise<string> {
  const challenge = challengeIn(clientDataJSON);
  if (!challenge) fail('passkey_invalid');
  if (!(await spendChallenge(ctx.db, hashToken(challenge), purpose, userId, ctx.clock.date())))
    fail('passkey_challenge_invalid');
  return challenge;
}

function challengeIn(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 100 ? challenge : undefined;
  } catch {
    return undefined;
  }
}
