import type { Queryable } from './db.ts';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of a listing and the total it pages through, from one FROM ... WHERE clause.
 * `from` holds the tables, joins and conditions (with `$n` parameters from `params`).
 */
export async function paged<T>(
  q: Queryable,
  sql: { select: string; from: string; orderBy: string },
  params: unknown[],
  page: PageRequest,
): Promise<{ rows: T[]; total: number }> {
  const [count] = await q.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql.from}`, params);
  const n = params.length;
  const rows = await q.query<T>(
    `SELECT ${sql.select} FROM ${sql.from} ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, page.pageSize, (page.page - 1) * page.pageSize],
  );
  return { rows, total: Number(count?.n ?? 0) };
}
