import type { CodePurpose, SendCodeResult } from '@otc/protocol/auth/schemas';
import type { Language } from '@otc/protocol/languages';
import { type Db, one, type Queryable } from '../db/db.ts';
import type { Channel, Sender } from '../delivery/message.ts';
import { fail } from '../http/errors.ts';
import { translate } from '../i18n/translate.ts';
import { hashToken, randomDigits } from '../platform/secrets/tokens.ts';

/** PRODUCT.md "Accounts and security": 6 digits, valid 10 min, resend after 60 s, 5 tries. */
export const CODE_RULES = { length: 6, validMinutes: 10, resendSeconds: 60, maxAttempts: 5 } as const;

const codeHash = (target: string, purpose: CodePurpose, code: string) =>
  hashToken(`${target}\n${purpose}\n${code}`);

export async function issueCode(
  db: Db,
  /** The clock's time: when the code is sent, and so when it expires and may be sent again. */
  now: Date,
  delivery: Sender,
  lang: Language,
  channel: Channel,
  target: string,
  purpose: CodePurpose,
): Promise<SendCodeResult> {
  const wait = await one<{ seconds: number }>(
    db,
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $3) - $4::timestamptz))::int AS seconds
     FROM verification_codes WHERE target = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [target, purpose, CODE_RULES.resendSeconds, now.toISOString()],
  );
  if (wait && wait.seconds > 0) fail('code_resend_too_soon', { seconds: wait.seconds });

  const code = randomDigits(CODE_RULES.length);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO verification_codes (channel, target, purpose, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $6::timestamptz, $6::timestamptz + make_interval(mins => $5)) RETURNING id::text AS id`,
    [channel, target, purpose, codeHash(target, purpose, code), CODE_RULES.validMinutes, now.toISOString()],
  );
  try {
    await delivery.send({
      channel,
      target,
      subject: translate(lang, 'code.subject'),
      body: translate(lang, purpose === 'register' ? 'code.body.register' : 'code.body.reset', {
        code,
        minutes: CODE_RULES.validMinutes,
      }),
    });
  } catch (err) {
    // Undelivered codes must not hold back a resend.
    await db.query('DELETE FROM verification_codes WHERE id = $1', [row?.id]);
    throw err;
  }
  return { resendAfterSeconds: CODE_RULES.resendSeconds, expiresInSeconds: CODE_RULES.validMinutes * 60 };
}

interface CodeRow {
  id: string;
  code_hash: string;
  attempts: number;
  expired: boolean;
  consumed: boolean;
}

/**
 * Checks `code` against the latest code sent to `target` for `purpose` and returns its id.
 * A wrong code counts an attempt (kept even though the request fails: it guards the code);
 * the fifth wrong one spends the code.
 */
export async function checkCode(
  db: Db,
  now: Date,
  target: string,
  purpose: CodePurpose,
  code: string,
): Promise<string> {
  const latest = await one<CodeRow>(
    db,
    `SELECT id::text AS id, code_hash, attempts, expires_at <= $3::timestamptz AS expired, consumed_at IS NOT NULL AS consumed
     FROM verification_codes WHERE target = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [target, purpose, now.toISOString()],
  );
  if (!latest || latest.expired || latest.consumed) fail('code_expired');
  if (latest.attempts >= CODE_RULES.maxAttempts) fail('code_too_many_attempts');
  if (latest.code_hash !== codeHash(target, purpose, code)) {
    const [after] = await db.query<{ attempts: number }>(
      'UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
      [latest.id],
    );
    fail((after?.attempts ?? 0) >= CODE_RULES.maxAttempts ? 'code_too_many_attempts' : 'code_invalid');
  }
  return latest.id;
}

/** Spends a checked code inside the caller's transaction; a code spent meanwhile fails the whole. */
export async function consumeCode(q: Queryable, id: string, now: Date): Promise<void> {
  const rows = await q.query(
    'UPDATE verification_codes SET consumed_at = $2::timestamptz WHERE id = $1 AND consumed_at IS NULL RETURNING id',
    [id, now.toISOString()],
  );
  if (rows.length === 0) fail('code_expired');
}
