import type { PasskeyLoginBody, PasskeyOptions } from '@otc/protocol/auth/passkeys';
import type { Session } from '@otc/protocol/auth/schemas';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import type { AppContext } from '../../context.ts';
import { fail } from '../../http/errors.ts';
import { toUser, users } from '../../users/index.ts';
import type { SessionOrigin } from '../session-origin.ts';
import { openSession } from '../sessions.ts';
import { issueChallenge, spendAnsweredChallenge } from './challenges.ts';
import { findPasskey, markUsed } from './queries.ts';
import { relyingParty } from './relying-party.ts';

/** What `navigator.credentials.get` is asked with: no account named (the passkey says whose it is). */
export async function loginOptions(ctx: AppContext): Promise<PasskeyOptions> {
  const rp = relyingParty(ctx);
  const { challenge, timeout } = await issueChallenge(ctx, 'login', null);
  return generateAuthenticationOptions({
    rpID: rp.id,
    // As bytes: a string would be taken as text and encoded again.
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    timeout,
    userVerification: 'required',
    allowCredentials: [],
  }) as unknown as Promise<PasskeyOptions>;
}

/**
 * Signs in with a passkey: the signature over the spent challenge, by a known credential, verified
 * by the user (a fingerprint or the device's PIN), with a counter above the last one seen. Such a
 * sign-in is both factors (decision 0163), so no authenticator code is asked after it.
 */
export async function loginWithPasskey(
  ctx: AppContext,
  body: PasskeyLoginBody,
  origin: SessionOrigin,
): Promise<Session> {
  const rp = relyingParty(ctx);
  const challenge = await spendAnsweredChallenge(ctx, body.credential.response.clientDataJSON, 'login', null);
  const passkey = await findPasskey(ctx.db, body.credential.id);
  if (!passkey) fail('passkey_invalid');
  const verified = await verifyAuthenticationResponse({
    response: body.credential as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: passkey.sign_count,
      transports: passkey.transports as never,
    },
    // A counter that went back (a cloned authenticator) is thrown by the library: refused below.
  }).catch(() => undefined);
  if (!verified?.verified) fail('passkey_invalid');
  const user = await users.findUserById(ctx.db, passkey.user_id);
  if (!user) fail('passkey_invalid');
  if (user.status !== 'active') fail('account_disabled');
  if (user.kind === 'demo') fail('demo_not_allowed');
  const now = ctx.clock.date();
  return ctx.db.tx(async (q) => {
    if (!(await markUsed(q, passkey.id, verified.authenticationInfo.newCounter, now)))
      fail('passkey_invalid');
    return { token: await openSession(q, user.id, ctx.config.sessionDays, now, origin), user: toUser(user) };
  });
}
