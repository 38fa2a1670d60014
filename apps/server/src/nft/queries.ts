import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';

export interface ItemRow {
  id: string;
  collection_id: string;
  collection_name: string;
  name: string;
  description: string;
  image_id: string | null;
  price: string;
  supply: number;
  sold_live: number;
  sold_demo: number;
  listed: boolean;
  collection_listed: boolean;
  updated_at: Date;
}

export interface CollectionRow {
  id: string;
  name: string;
  description: string;
  image_id: string | null;
  listed: boolean;
  updated_at: Date;
}

const ITEM_COLUMNS = `i.id::text AS id, i.collection_id::text AS collection_id, c.name AS collection_name,
  i.name, i.description, i.image_id::text AS image_id, i.price::text AS price, i.supply, i.sold_live, i.sold_demo, i.listed,
  c.listed AS collection_listed, i.updated_at`;
const COLLECTION_COLUMNS =
  'id::text AS id, name, description, image_id::text AS image_id, listed, updated_at';

/** Collections (all, or only the listed ones), oldest first: the order operators made them in. */
export const collections = (q: Queryable, listedOnly: boolean, id?: string) =>
  q.query<CollectionRow>(
    `SELECT ${COLLECTION_COLUMNS} FROM nft_collections
     WHERE ($1::boolean IS FALSE OR listed) AND ($2::bigint IS NULL OR id = $2::bigint) ORDER BY id`,
    [listedOnly, id ?? null],
  );

/** Items of those collections (all, or only listed items of listed collections). */
export const items = (q: Queryable, listedOnly: boolean, collectionId?: string) =>
  q.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM nft_items i JOIN nft_collections c ON c.id = i.collection_id
     WHERE ($1::boolean IS FALSE OR (i.listed AND c.listed)) AND ($2::bigint IS NULL OR i.collection_id = $2::bigint)
     ORDER BY i.collection_id, i.id`,
    [listedOnly, collectionId ?? null],
  );

export async function item(q: Queryable, id: string): Promise<ItemRow | undefined> {
  const [row] = await q.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM nft_items i JOIN nft_collections c ON c.id = i.collection_id WHERE i.id = $1`,
    [id],
  );
  return row;
}

/** The unit taken and what its record names: the item as the locked row holds it. */
export interface TakenUnit {
  serial: number;
  price: string;
  supply: number;
  name: string;
  collection_id: string;
  collection_name: string;
}

/**
 * Takes the next unit of a listed item in a realm, if one is left: the row lock makes a second
 * buyer wait, then read the count the first left, so the last unit goes to one of them only.
 */
export async function takeUnit(q: Queryable, id: string, realm: Realm): Promise<TakenUnit | undefined> {
  const column = realm === 'live' ? 'sold_live' : 'sold_demo';
  const [row] = await q.query<TakenUnit>(
    `UPDATE nft_items i SET ${column} = ${column} + 1
     FROM nft_collections c
     WHERE i.id = $1 AND c.id = i.collection_id AND i.listed AND c.listed AND i.${column} < i.supply
     RETURNING i.${column} AS serial, i.price::text AS price, i.supply, i.name,
               c.id::text AS collection_id, c.name AS collection_name`,
    [id],
  );
  return row;
}

export async function insertUnit(
  q: Queryable,
  u: { itemId: string; realm: Realm; serial: number; userId: string; price: string; journalId: string },
): Promise<{ id: string; created_at: Date }> {
  const [row] = await q.query<{ id: string; created_at: Date }>(
    `INSERT INTO nft_units (item_id, realm, serial, user_id, price, journal_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id, created_at`,
    [u.itemId, u.realm, u.serial, u.userId, u.price, u.journalId],
  );
  return row as { id: string; created_at: Date };
}

export interface UnitRow {
  id: string;
  item_id: string;
  item_name: string;
  collection_id: string;
  collection_name: string;
  serial: number;
  supply: number;
  price: string;
  journal_id: string;
  created_at: Date;
}

/** The units a user owns, newest first (`paged`'s parts). */
export const ownedUnits = {
  select: `u.id::text AS id, u.item_id::text AS item_id, i.name AS item_name, c.id::text AS collection_id,
           c.name AS collection_name, u.serial, i.supply, u.price::text AS price, u.journal_id::text AS journal_id, u.created_at`,
  from: `nft_units u JOIN nft_items i ON i.id = u.item_id JOIN nft_collections c ON c.id = i.collection_id
         WHERE u.user_id = $1`,
  orderBy: 'u.id DESC',
};
