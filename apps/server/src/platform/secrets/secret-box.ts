import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Secrets the server must read back (two-factor keys: it computes the codes from them), sealed at
 * rest with AES-256-GCM under one key from the operator (SECRETS_KEY), so a copy of the database
 * (a backup, a replica, a dump) alone gives none of them away. Decision 0158.
 */

/** A sealed value's version: a later key (rotation) gets another prefix beside this one. */
export const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** On a laptop without SECRETS_KEY, the key made at first use, in DATA_DIR, readable by its owner only. */
export const SECRETS_KEY_FILE = 'secrets.key';
export const SECRETS_KEY_PATTERN = /^[0-9a-fA-F]{64}$/;

export interface SecretBox {
  /** `plain` sealed for `context` (whose it is, e.g. `totp:<user id>`): opened only for the same one. */
  seal(plain: string, context: string): string;
  /** What `seal` sealed; a value stored before sealing (no prefix) is answered as it is. Throws on a wrong key or context. */
  open(stored: string, context: string): string;
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/** A box on the key `key()` answers, asked once at first use (a process that never needs it makes no key file). */
export function secretBox(key: () => Buffer): SecretBox {
  let cached: Buffer | undefined;
  const keyOnce = () => {
    cached ??= key();
    if (cached.length !== 32) throw new Error('the secrets key is not 32 bytes');
    return cached;
  };
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyOnce(), iv);
      // The context is authenticated, not stored: a sealed value copied to another user's row does not open.
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', keyOnce(), raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * The key: SECRETS_KEY (64 hex digits) when set; else, outside production (where a start without
 * it is refused: platform/production.ts), DATA_DIR/secrets.key, made from crypto by the first
 * process that needs it and read by every later one. Never logged.
 */
export function secretsKey(config: {
  secretsKey: string | undefined;
  dataDir: string;
  production: boolean;
}): Buffer {
  if (config.secretsKey) return Buffer.from(config.secretsKey, 'hex');
  if (config.production) throw new Error('SECRETS_KEY is required with NODE_ENV=production');
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  // Written aside and linked into place: two processes starting at once agree on the first key.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!SECRETS_KEY_PATTERN.test(text)) throw new Error(`${file} does not hold a key of 64 hex digits`);
  return Buffer.from(text, 'hex');
}
