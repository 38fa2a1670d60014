import type { Captcha } from '@otc/protocol/auth/schemas';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from './captchaSolver.ts';

/** A challenge as the server makes it (the same library and format), signed with a test key. */
async function challenge(maxnumber: number, number?: number): Promise<Captcha> {
  const c = await createChallenge({
    hmacKey: 'test-key',
    maxnumber,
    ...(number === undefined ? {} : { number }),
  });
  return { algorithm: 'SHA-256', challenge: c.challenge, maxnumber, salt: c.salt, signature: c.signature };
}

describe('solveCaptcha', () => {
  it('finds the number and sends the payload the server verifies', async () => {
    const c = await challenge(5000);
    const shares: number[] = [];
    const solution = await solveCaptcha(c, { onProgress: (share) => shares.push(share) });
    expect(solution).not.toBeNull();
    expect(await verifySolution(solution as string, 'test-key')).toBe(true);
    const payload = JSON.parse(atob(solution as string)) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature']);
    // The page was told how far it got, never past the whole.
    expect(shares.at(-1)).toBe(1);
    expect(shares.every((s, i) => s >= 0 && s <= 1 && (i === 0 || s >= (shares[i - 1] ?? 0)))).toBe(true);
  });

  it('yields to the page between chunks and stops when aborted', async () => {
    const c = await challenge(50_000, 49_999);
    const abort = new AbortController();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
      if (ticks === 2) abort.abort();
    }, 0);
    const solution = await solveCaptcha(c, { signal: abort.signal });
    clearInterval(timer);
    // Timers ran while it searched (the page was not blocked), and the abort ended it early.
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(solution).toBeNull();
  });

  it('gives up when no number up to maxnumber fits', async () => {
    const c = await challenge(2000);
    expect(await solveCaptcha({ ...c, challenge: '0'.repeat(64) })).toBeNull();
  });
});
