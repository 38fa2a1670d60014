import type { Agreement } from '@otc/protocol/auth/schemas';
import type { Language } from '@otc/protocol/languages';
import type { Queryable } from '../db/db.ts';

/** Each agreement in the request's language, or in English where it has no translation yet. */
export async function listAgreements(q: Queryable, lang: Language): Promise<Agreement[]> {
  return q.query<Agreement>(
    `SELECT DISTINCT ON (key) key, title, content, language FROM agreements
     WHERE language IN ($1, 'en') ORDER BY key, (language = $1) DESC`,
    [lang],
  );
}
