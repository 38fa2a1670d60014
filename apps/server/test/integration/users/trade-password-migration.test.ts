import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../../src/db/pglite.ts';

const dir = path.resolve(import.meta.dirname, '../../../src/db/migrations');
const sql = (file: string) => readFileSync(path.join(dir, file), 'utf8');

/** Migration 020 classes the users that exist: their transaction password keeps working as it did. */
describe('migration 020 on existing users', () => {
  it('makes a copy of the login password "login", none "none" and a different one "own"', async () => {
    const db = await openPglite();
    try {
      for (const file of readdirSync(dir)
        .filter((f) => f.endsWith('.sql') && f < '020')
        .sort())
        await db.exec(sql(file));
      const insert = (code: string, password: string | null, trade: string | null) =>
        db.query(
          `INSERT INTO users (kind, nickname, invite_code, password_hash, trade_password_hash)
           VALUES ('real', $1, $1, $2, $3)`,
          [code, password, trade],
        );
      await insert('SAME', 'scrypt$a', 'scrypt$a');
      await insert('NONE', null, null);
      await insert('OWN', 'scrypt$a', 'scrypt$b');
      await db.exec(sql('020_security.sql'));
      const rows = await db.query<{
        invite_code: string;
        trade_password_mode: string;
        trade_password_hash: string | null;
      }>('SELECT invite_code, trade_password_mode, trade_password_hash FROM users ORDER BY invite_code');
      expect(rows).toEqual([
        { invite_code: 'NONE', trade_password_mode: 'none', trade_password_hash: null },
        { invite_code: 'OWN', trade_password_mode: 'own', trade_password_hash: 'scrypt$b' },
        // Following the login password, it keeps no copy: the check reads password_hash.
        { invite_code: 'SAME', trade_password_mode: 'login', trade_password_hash: null },
      ]);
    } finally {
      await db.close();
    }
  });
});
