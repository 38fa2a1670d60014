import type { TotpRecoveryCodes, TotpSetup } from '@otc/protocol/users/schemas';
import { expect } from 'vitest';
import { base32Decode, hotp, totpStep } from '../../../src/platform/secrets/totp.ts';
import { manualClock, type TestServer } from './harness.ts';

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` at the server's time, `offset` steps away. */
export const totpCodeOf = (s: TestServer, secret: string, offset = 0) =>
  hotp(base32Decode(secret), totpStep(s.clock.now()) + offset);

/** Moves a manual clock into the next 30-second step, as a user waiting for a fresh code does. */
export const nextTotpStep = (s: TestServer) => manualClock(s).advance(STEP_MS);

/**
 * Turns two-factor on for a signed-in user the way the security centre does: the secret their app
 * holds and the recovery codes they wrote down. The clock is moved past the step the enabling spent.
 */
export async function enableTwoFactor(s: TestServer, token: string) {
  const setup = (await s.api<TotpSetup>('/api/auth/totp/setup', {}, { token })).body.data;
  const enabled = await s.api<TotpRecoveryCodes>(
    '/api/auth/totp/enable',
    { code: totpCodeOf(s, setup.secret) },
    { token },
  );
  expect(enabled.body.code, JSON.stringify(enabled.body)).toBe(200);
  nextTotpStep(s);
  return { secret: setup.secret, recoveryCodes: enabled.body.data.recoveryCodes };
}
