import type { Passkey, PasskeyOptions, PasskeyRegisterBody } from '@otc/protocol/auth/passkeys';
import type { PasskeyRemoveBody } from '@otc/protocol/users/schemas';
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppContext } from '../../context.ts';
import { fail, failField } from '../../http/errors.ts';
import { verifyPassword } from '../../platform/secrets/passwords.ts';
import { users } from '../../users/index.ts';
import { checkSecondFactor } from '../two-factor/codes.ts';
import { issueChallenge, spendAnsweredChallenge } from './challenges.ts';
import { deletePasskey, insertPasskey, type PasskeyRow, passkeysOf } from './queries.ts';
import { relyingParty } from './relying-party.ts';

/** A user's passkeys are few; a cap keeps a stolen session from filling the table. */
export const PASSKEYS_MAX = 10;

async function liveUser(ctx: AppContext, userId: string) {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) fail('unauthorized');
  // A demo account is thrown away with its device: nothing for a passkey to open later.
  if (user.kind === 'demo') fail('demo_not_allowed');
  return user;
}

export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

export async function listPasskeys(ctx: AppContext, userId: string): Promise<Passkey[]> {
  return (await passkeysOf(ctx.db, userId)).map(toPasskey);
}

/**
 * What the browser's `navigator.credentials.create` is asked with: a discoverable credential (the
 * sign-in names no account) with user verification required (a passkey is both factors, decision
 * 0163), the user's passkeys excluded so one authenticator is not added twice.
 */
export async function registrationOptions(ctx: AppContext, userId: string): Promise<PasskeyOptions> {
  const user = await liveUser(ctx, userId);
  const rp = relyingParty(ctx);
  const existing = await passkeysOf(ctx.db, userId);
  if (existing.length >= PASSKEYS_MAX) fail('passkey_invalid');
  const { challenge, timeout } = await issueChallenge(ctx, 'register', userId);
  const account = user.email ?? user.phone ?? user.wallet_address ?? user.id;
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account,
    userDisplayName: account,
    userID: new TextEncoder().encode(user.id),
    // As bytes: a string would be taken as text and encoded again.
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    timeout,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  }) as unknown as Promise<PasskeyOptions>;
}

/** Adds the credential the authenticator made for this user's challenge, once its attestation checks out. */
export async function registerPasskey(
  ctx: AppContext,
  userId: string,
  body: PasskeyRegisterBody,
): Promise<Passkey> {
  await liveUser(ctx, userId);
  const rp = relyingParty(ctx);
  const challenge = await spendAnsweredChallenge(
    ctx,
    body.credential.response.clientDataJSON,
    'register',
    userId,
  );
  const verified = await verifyRegistrationResponse({
    response: body.credential as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verified?.verified) fail('passkey_invalid');
  const { credential } = verified.registrationInfo;
  const row = await insertPasskey(
    ctx.db,
    {
      user_id: userId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      sign_count: credential.counter,
      transports: credential.transports ?? [],
      name: body.name || 'Passkey',
    },
    ctx.clock.date(),
  );
  // The same credential again (this user's or, impossibly, another's): refused, nothing changes.
  if (!row) fail('passkey_invalid');
  return toPasskey(row);
}

/**
 * Removes a passkey with what a password change asks (decision 0163): the login password, and the
 * authenticator code once two-factor is on, so a stolen session alone cannot take a way in away.
 */
export async function removePasskey(ctx: AppContext, userId: string, body: PasskeyRemoveBody): Promise<void> {
  const user = await liveUser(ctx, userId);
  if (!(await verifyPassword(body.password, user.password_hash, ctx.config.scryptLogN)))
    failField('old_password_wrong', 'password');
  await ctx.db.tx(async (q) => {
    await checkSecondFactor(ctx, userId, body.totpCode, 'totpCode', q);
    if (!(await deletePasskey(q, userId, body.id))) fail('passkey_not_found');
  });
}
