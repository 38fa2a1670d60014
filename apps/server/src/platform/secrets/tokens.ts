import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer token: 256 random bits. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A code of `length` digits, uniform, from the system's CSPRNG. */
export function randomDigits(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join('');
}

/** `length` characters drawn uniformly from `alphabet` with the CSPRNG. */
export function randomString(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}
