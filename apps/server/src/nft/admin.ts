import { canonicalDecimal, isDecimal } from '@otc/core';
import {
  type AdminNftCatalogue,
  type AdminNftCollection,
  NFT_ASSET,
  type SaveNftCollectionBody,
  type SaveNftItemBody,
} from '@otc/protocol/nft/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { failField } from '../http/errors.ts';
import { findAsset } from '../ledger/index.ts';
import { audit } from '../platform/audit.ts';
import { findOperatorUpload } from '../uploads/index.ts';
import * as admin from './admin-queries.ts';
import * as nft from './queries.ts';
import { imageOf, itemView } from './view.ts';

/** An image id must be an operator's upload made for NFT artwork: nothing a user sent, nothing made for another use. */
async function checkImage(q: Queryable, id: string | null): Promise<void> {
  if (id && !(await findOperatorUpload(q, id, 'nft'))) failField('upload_not_found', 'imageId');
}

function adminCollection(c: nft.CollectionRow, items: nft.ItemRow[]): AdminNftCollection {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    image: imageOf(c.image_id),
    listed: c.listed,
    updatedAt: new Date(c.updated_at).toISOString(),
    items: items
      .filter((i) => i.collection_id === c.id)
      .map((i) => ({
        ...itemView(i),
        listed: i.listed,
        soldDemo: i.sold_demo,
        updatedAt: new Date(i.updated_at).toISOString(),
      })),
  };
}

async function collectionOf(q: Queryable, id: string): Promise<AdminNftCollection> {
  const [c] = await nft.collections(q, false, id);
  if (!c) failField('nft_collection_unknown', 'collectionId');
  return adminCollection(c, await nft.items(q, false, id));
}

/** Every collection and item, listed or not, with what each sold in each realm. */
export async function catalogue(ctx: AppContext): Promise<AdminNftCatalogue> {
  const [cs, is] = await Promise.all([nft.collections(ctx.db, false), nft.items(ctx.db, false)]);
  return { items: cs.map((c) => adminCollection(c, is)) };
}

/** Creates or changes a collection, audited with what it was and what it became. */
export async function saveCollection(
  ctx: AppContext,
  req: FastifyRequest,
  body: SaveNftCollectionBody,
): Promise<AdminNftCollection> {
  return ctx.db.tx(async (q) => {
    const before = body.id ? await admin.lockCollection(q, body.id) : undefined;
    if (body.id && !before) failField('nft_collection_unknown', 'id');
    await checkImage(q, body.imageId);
    const id = await admin.saveCollection(q, body);
    await audit(q, req, 'nft.collection.save', null, { id, before: before ?? null, after: body });
    return collectionOf(q, id);
  });
}

/**
 * Creates or changes an item: its price within USDT's decimals, and a supply never below the units
 * already sold in either realm (a sold unit stays sold; the table's CHECK is the last guard).
 */
export async function saveItem(
  ctx: AppContext,
  req: FastifyRequest,
  body: SaveNftItemBody,
): Promise<AdminNftCollection> {
  const usdt = await findAsset(ctx.db, NFT_ASSET);
  if (!isDecimal(body.price, usdt.decimals))
    failField('amount_precision', 'price', { decimals: usdt.decimals });
  const price = canonicalDecimal(body.price);
  return ctx.db.tx(async (q) => {
    if (!(await admin.lockCollection(q, body.collectionId)))
      failField('nft_collection_unknown', 'collectionId');
    const before = body.id ? await admin.lockItem(q, body.id) : undefined;
    if (body.id && !before) failField('nft_item_unknown', 'id');
    await checkImage(q, body.imageId);
    const sold = Math.max(before?.sold_live ?? 0, before?.sold_demo ?? 0);
    if (body.supply < sold) failField('nft_supply_below_sold', 'supply', { sold });
    const id = await admin.saveItem(q, { ...body, price });
    await audit(q, req, 'nft.item.save', null, { id, before: before ?? null, after: { ...body, price } });
    return collectionOf(q, body.collectionId);
  });
}
