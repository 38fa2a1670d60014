import type { Queryable } from '../db/db.ts';

/** A user's starred instruments, in the order they were starred. */
export async function favorites(q: Queryable, userId: string): Promise<string[]> {
  const rows = await q.query<{ symbol: string }>(
    'SELECT symbol FROM user_favorites WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows.map((r) => r.symbol);
}

export async function setFavorite(
  q: Queryable,
  userId: string,
  symbol: string,
  on: boolean,
): Promise<string[]> {
  await (on
    ? q.query('INSERT INTO user_favorites (user_id, symbol) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        userId,
        symbol,
      ])
    : q.query('DELETE FROM user_favorites WHERE user_id = $1 AND symbol = $2', [userId, symbol]));
  return favorites(q, userId);
}
