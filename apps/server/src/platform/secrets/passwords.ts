import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/*
 * scrypt is memory-hard (PRODUCT.md: "hashed with a memory-hard KDF"). N=2^17, r=8, p=1 is the
 * current recommendation (OWASP's password storage sheet), 128 MiB per hash; issue 23 raised it
 * from 2^15. `SCRYPT_LOG_N` lowers it for tests only: production refuses anything below this.
 */
export const SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** The cost a stored hash may ask for: a row cannot make a login take gigabytes. */
const MAX_LOG_N = 20;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes, and refuses outright when that reaches maxmem.
  const maxmem = 2 * 128 * n * r;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

interface Stored {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/** `scrypt$N$r$p$salt$hash`, or undefined for anything else (or a cost past the bound). */
function parse(stored: string): Stored | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const params = [Number(n), Number(r), Number(p)] as const;
  if (scheme !== 'scrypt' || !salt || !hash || !params.every((x) => Number.isSafeInteger(x) && x > 0))
    return undefined;
  if (params[0] > 2 ** MAX_LOG_N || params[1] > 32 || params[2] > 16) return undefined;
  return {
    n: params[0],
    r: params[1],
    p: params[2],
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
}

/** Stored as `scrypt$N$r$p$salt$hash`: a check reads the cost from the hash, so the cost can rise. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** logN;
  const key = await derive(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** `logN`: the cost in force, spent when there is no hash to check against. */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  logN: number,
): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so a missing account cannot be told by timing.
    await derive(password, randomBytes(16), 2 ** logN, R, P);
    return false;
  }
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.n, parsed.r, parsed.p);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/**
 * Whether a hash that just checked out was made at a lower cost than the one in force: the login
 * that proved the password rewrites it, since that is the only time the password is at hand.
 */
export function needsRehash(stored: string, logN: number): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.n < 2 ** logN || parsed.r < R || parsed.p < P;
}
