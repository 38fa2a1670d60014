import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Captcha } from '@otc/protocol/auth/schemas';

/** Numbers tried between two breaks for the page: a few milliseconds of work on a phone. */
const CHUNK = 1000;

export interface SolveOptions {
  /** The share of the numbers tried so far, 0 to 1 (the answer is usually found before 1). */
  onProgress?: (share: number) => void;
  /** Stops the search: a new challenge replaced this one, or the page went away. */
  signal?: AbortSignal;
}

/**
 * Solves the login's proof-of-work captcha (ALTCHA v1): tries n from 0 until sha256(salt + n) is
 * the challenge, and returns what the login sends, the base64 of the ALTCHA payload. A pure-JS
 * SHA-256, not crypto.subtle, which a browser offers only on HTTPS or localhost (a self-hosted site
 * on a plain address would never get past its captcha). The search yields to the page every
 * CHUNK numbers so typing and the spinner stay smooth. Null when aborted or when no number fits.
 */
export async function solveCaptcha(
  c: Captcha,
  { onProgress, signal }: SolveOptions = {},
): Promise<string | null> {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (bytesToHex(sha256(utf8ToBytes(c.salt + n))) === c.challenge) {
      onProgress?.(1);
      const { algorithm, challenge, salt, signature } = c;
      return btoa(JSON.stringify({ algorithm, challenge, number: n, salt, signature }));
    }
    if (n % CHUNK === CHUNK - 1) {
      onProgress?.(n / c.maxnumber);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal?.aborted) return null;
    }
  }
  return null;
}
