import { timingSafeEqual } from 'node:crypto';
import type { Captcha } from '@otc/protocol/auth/schemas';
import { createChallenge, extractParams } from 'altcha-lib/v1';
import type { Payload } from 'altcha-lib/v1/types';
import type { AppContext } from '../context.ts';
import { fail } from '../http/errors.ts';
import { captchaKey } from './captcha-key.ts';

/**
 * The captcha is an ALTCHA proof-of-work challenge (issue 23: the old picture carried each glyph's
 * outline, so a program read it). The browser finds the number behind a SHA-256 by trying them;
 * the response names the number nowhere, so a bot pays the same work per try as a person's phone,
 * and nobody has to see or type anything. What is issued is signed, not stored; what is solved is
 * kept as spent until it expires, so a solution is taken once.
 */
export const CAPTCHA_TTL_SECONDS = 120;

/** `ctx`: the database (the key, the spent challenges), the clock, the difficulty. */
type On = Pick<AppContext, 'db' | 'clock' | 'config'>;

export async function createCaptcha({ db, clock, config }: On): Promise<Captcha> {
  const made = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey: await captchaKey(db),
    maxnumber: config.captchaMaxNumber,
    // The clock's time, not the machine's: a test moving the clock sees challenges expire.
    expires: new Date(clock.now() + CAPTCHA_TTL_SECONDS * 1000),
  });
  return {
    algorithm: 'SHA-256',
    challenge: made.challenge,
    maxnumber: config.captchaMaxNumber,
    salt: made.salt,
    signature: made.signature,
  };
}

/**
 * Takes a solved challenge once: refused (and nothing kept) when it is missing, not a payload,
 * not signed by us, expired or solved wrong; refused when already taken.
 */
export async function verifyCaptcha({ db, clock }: On, solution: string | undefined): Promise<void> {
  if (!solution) fail('captcha_required', {}, 'captcha');
  const payload = decode(solution);
  if (!payload) fail('captcha_invalid', {}, 'captcha');
  const expires = Number(extractParams(payload).expires);
  if (!Number.isSafeInteger(expires) || expires * 1000 <= clock.now()) fail('captcha_invalid', {}, 'captcha');
  if (!(await solvedAndSigned(payload, await captchaKey(db)))) fail('captcha_invalid', {}, 'captcha');
  const now = clock.date().toISOString();
  await db.query('DELETE FROM captchas_spent WHERE expires_at <= $1::timestamptz', [now]);
  const taken = await db.query(
    `INSERT INTO captchas_spent (challenge, expires_at) VALUES ($1, to_timestamp($2))
     ON CONFLICT (challenge) DO NOTHING RETURNING challenge`,
    [payload.challenge, expires],
  );
  if (taken.length === 0) fail('captcha_invalid', {}, 'captcha');
}

/**
 * Whether `payload.number` solves its challenge and the challenge carries our signature. The
 * library's own verifySolution compares the signature with `===`, whose time tells how many leading
 * characters matched; here both are compared in constant time. (Expiry is checked on the clock.)
 */
async function solvedAndSigned(payload: Payload, hmacKey: string): Promise<boolean> {
  const check = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey,
    number: payload.number,
    salt: payload.salt,
  });
  return sameText(check.challenge, payload.challenge) && sameText(check.signature, payload.signature);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The ALTCHA payload (base64 of its JSON), or null when it is not one. */
function decode(solution: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(solution, 'base64').toString('utf8')) as Partial<Payload>;
    const ok =
      p.algorithm === 'SHA-256' &&
      typeof p.challenge === 'string' &&
      typeof p.salt === 'string' &&
      typeof p.signature === 'string' &&
      Number.isSafeInteger(p.number) &&
      (p.number ?? -1) >= 0;
    return ok ? (p as Payload) : null;
  } catch {
    return null;
  }
}
