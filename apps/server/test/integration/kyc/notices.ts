import type { TestServer } from '../support/harness.ts';

/** The user's notifications as the inbox stores them: kind, plain-text params and link. */
export async function noticesOf(
  s: TestServer,
  userId: string,
): Promise<{ kind: string; params: Record<string, string>; link: string | null }[]> {
  const rows = await s.db.query<{ kind: string; params: unknown; link: string | null }>(
    'SELECT kind, params, link FROM notifications WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((r) => ({
    kind: r.kind,
    params: (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, string>,
    link: r.link,
  }));
}
