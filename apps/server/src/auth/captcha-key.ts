import { randomBytes } from 'node:crypto';
import { type Db, one } from '../db/db.ts';

const SETTING = 'captcha.hmac_key';
const keys = new WeakMap<Db, Promise<string>>();

/**
 * The key captcha challenges are signed with: made at random by the first instance that needs it and
 * kept in the database's settings, so every instance signs and checks alike and no operator has a
 * secret to set. Read once per database.
 */
export function captchaKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = readOrMake(db);
    // A failed read is tried again by the next request rather than remembered.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

async function readOrMake(db: Db): Promise<string> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, to_jsonb($2::text)) ON CONFLICT (key) DO NOTHING`,
    [SETTING, randomBytes(32).toString('hex')],
  );
  const row = await one<{ value: string }>(
    db,
    `SELECT value #>> '{}' AS value FROM settings WHERE key = $1`,
    [SETTING],
  );
  if (!row) throw new Error('the captcha key was not stored');
  return row.value;
}
