import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRETS_KEY_FILE, secretBox, secretsKey } from '../../src/platform/secrets/secret-box.ts';

const KEY = randomBytes(32);
const box = secretBox(() => KEY);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('secrets sealed at rest (AES-256-GCM, decision 0158)', () => {
  it('opens what it sealed, for the same owner only; the stored text shows nothing of it', () => {
    const sealed = box.seal(SECRET, 'totp:1');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(sealed).not.toContain(SECRET);
    expect(box.open(sealed, 'totp:1')).toBe(SECRET);
    // A fresh nonce each time: the same secret never looks the same twice.
    expect(box.seal(SECRET, 'totp:1')).not.toBe(sealed);
    // Copied into another user's row, it does not open there.
    expect(() => box.open(sealed, 'totp:2')).toThrow();
  });

  it('refuses another key and any altered byte', () => {
    const sealed = box.seal(SECRET, 'totp:1');
    expect(() => secretBox(() => randomBytes(32)).open(sealed, 'totp:1')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] as number) ^ 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'totp:1')).toThrow();
  });

  it('answers a value stored before sealing as it is (a row from before 0158)', () => {
    expect(box.open(SECRET, 'totp:1')).toBe(SECRET);
  });

  it('asks for the key only when first used', () => {
    let asked = 0;
    const lazy = secretBox(() => {
      asked++;
      return KEY;
    });
    expect(asked).toBe(0);
    lazy.open(lazy.seal(SECRET, 'x'), 'x');
    expect(asked).toBe(1);
  });
});

describe('the secrets key', () => {
  it('is SECRETS_KEY when set', () => {
    const hex = randomBytes(32).toString('hex');
    expect(secretsKey({ secretsKey: hex, dataDir: '/nonexistent', production: true }).toString('hex')).toBe(
      hex,
    );
  });

  it('on a laptop, is made once in DATA_DIR/secrets.key (owner-only) and read back by every later start', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'otc-secrets-')), 'data');
    const first = secretsKey({ secretsKey: undefined, dataDir, production: false });
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(secretsKey({ secretsKey: undefined, dataDir, production: false })).toEqual(first);
  });

  it('is never made in production: there, the start is refused without SECRETS_KEY', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-secrets-'));
    expect(() => secretsKey({ secretsKey: undefined, dataDir, production: true })).toThrow(/SECRETS_KEY/);
  });
});
