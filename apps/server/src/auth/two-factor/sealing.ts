import type { AppContext } from '../../context.ts';
import { one } from '../../db/db.ts';
import { SEALED_PREFIX } from '../../platform/secrets/secret-box.ts';
import { openTotpSecret, sealTotpSecret } from './codes.ts';

/**
 * At start (decision 0158): two-factor keys stored before they were sealed are sealed now (each
 * row only if it still holds what was read, so instances starting together seal it once), and a
 * stored key is opened once, so a SECRETS_KEY that is not the one they were sealed under stops the
 * start with that said, rather than every two-factor user's code failing.
 */
export async function sealStoredTotpSecrets(ctx: AppContext): Promise<void> {
  const plain = await ctx.db.query<{ user_id: string; secret: string }>(
    `SELECT user_id::text AS user_id, secret FROM totp_secrets WHERE left(secret, 3) <> $1`,
    [SEALED_PREFIX],
  );
  for (const row of plain)
    await ctx.db.query('UPDATE totp_secrets SET secret = $3 WHERE user_id = $1 AND secret = $2', [
      row.user_id,
      row.secret,
      sealTotpSecret(ctx, row.user_id, row.secret),
    ]);
  const sample = await one<{ user_id: string; secret: string }>(
    ctx.db,
    `SELECT user_id::text AS user_id, secret FROM totp_secrets WHERE left(secret, 3) = $1 LIMIT 1`,
    [SEALED_PREFIX],
  );
  if (!sample) return;
  try {
    openTotpSecret(ctx, sample.user_id, sample.secret);
  } catch {
    throw new Error(
      'SECRETS_KEY does not open the stored two-factor keys: it is not the key they were sealed under',
    );
  }
}
