import type { SaveNftCollectionBody, SaveNftItemBody } from '@otc/protocol/nft/schemas';
import type { Queryable } from '../db/db.ts';

/** A collection as it stands, locked for the change an operator makes to it (or to its items). */
export async function lockCollection(q: Queryable, id: string) {
  const [row] = await q.query<{
    name: string;
    description: string;
    image_id: string | null;
    listed: boolean;
  }>(
    'SELECT name, description, image_id::text AS image_id, listed FROM nft_collections WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row;
}

/** An item as it stands, locked: a buy waits for the change, so the supply check sees every sale. */
export async function lockItem(q: Queryable, id: string) {
  const [row] = await q.query<{
    collection_id: string;
    name: string;
    description: string;
    image_id: string | null;
    price: string;
    supply: number;
    sold_live: number;
    sold_demo: number;
    listed: boolean;
  }>(
    `SELECT collection_id::text AS collection_id, name, description, image_id::text AS image_id, price::text AS price, supply,
            sold_live, sold_demo, listed
     FROM nft_items WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

export async function saveCollection(q: Queryable, c: SaveNftCollectionBody): Promise<string> {
  const [row] = c.id
    ? await q.query<{ id: string }>(
        `UPDATE nft_collections SET name = $2, description = $3, image_id = $4, listed = $5, updated_at = now()
         WHERE id = $1 RETURNING id::text AS id`,
        [c.id, c.name, c.description, c.imageId, c.listed],
      )
    : await q.query<{ id: string }>(
        `INSERT INTO nft_collections (name, description, image_id, listed) VALUES ($1, $2, $3, $4)
         RETURNING id::text AS id`,
        [c.name, c.description, c.imageId, c.listed],
      );
  return (row as { id: string }).id;
}

export async function saveItem(q: Queryable, i: SaveNftItemBody): Promise<string> {
  const [row] = i.id
    ? await q.query<{ id: string }>(
        `UPDATE nft_items SET collection_id = $2, name = $3, description = $4, image_id = $5, price = $6,
                supply = $7, listed = $8, updated_at = now()
         WHERE id = $1 RETURNING id::text AS id`,
        [i.id, i.collectionId, i.name, i.description, i.imageId, i.price, i.supply, i.listed],
      )
    : await q.query<{ id: string }>(
        `INSERT INTO nft_items (collection_id, name, description, image_id, price, supply, listed)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
        [i.collectionId, i.name, i.description, i.imageId, i.price, i.supply, i.listed],
      );
  return (row as { id: string }).id;
}
