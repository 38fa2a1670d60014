import type { Queryable } from '../../db/db.ts';

/** The SQL of the withdrawal address book (`withdraw_addresses`): every statement scoped to its owner. */

export interface AddressRow {
  id: string;
  address: string;
  remark: string;
  currency: string;
  chainId: number;
  createdAt: Date;
}

export interface AddressFields {
  address: string;
  remark: string;
  currency: string;
  chainId: number;
}

const COLUMNS = `id::text AS id, address, remark, currency, chain_id AS "chainId", created_at AS "createdAt"`;

export async function countAddresses(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM withdraw_addresses WHERE user_id = $1',
    [userId],
  );
  return Number(row?.n ?? 0);
}

export async function insertAddress(q: Queryable, userId: string, f: AddressFields): Promise<AddressRow> {
  const [row] = await q.query<AddressRow>(
    `INSERT INTO withdraw_addresses (user_id, address, remark, currency, chain_id) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${COLUMNS}`,
    [userId, f.address, f.remark, f.currency, f.chainId],
  );
  return row as AddressRow;
}

/** The changed entry, or undefined when the id is not one of the user's. */
export async function updateAddress(
  q: Queryable,
  userId: string,
  id: string,
  f: AddressFields,
): Promise<AddressRow | undefined> {
  const [row] = await q.query<AddressRow>(
    `UPDATE withdraw_addresses SET address = $3, remark = $4, currency = $5, chain_id = $6
     WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, f.address, f.remark, f.currency, f.chainId],
  );
  return row;
}

/** Whether an entry of the user's was deleted. */
export async function deleteAddress(q: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM withdraw_addresses WHERE id = $1 AND user_id = $2 RETURNING id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

/** The user's entries, newest first; `keyword` matches part of the address or the remark, any case. */
export async function listAddresses(
  q: Queryable,
  userId: string,
  filter: { keyword?: string | undefined; chainId?: number | undefined; currency?: string | undefined },
): Promise<AddressRow[]> {
  const like = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return q.query<AddressRow>(
    `SELECT ${COLUMNS} FROM withdraw_addresses
     WHERE user_id = $1 AND ($2::text IS NULL OR address ILIKE $2 OR remark ILIKE $2)
       AND ($3::int IS NULL OR chain_id = $3) AND ($4::text IS NULL OR currency = $4)
     ORDER BY id DESC`,
    [userId, like, filter.chainId ?? null, filter.currency ?? null],
  );
}
