import { formatUnits, move, parseUnits, platformAccount, userAccount } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import {
  NFT_ASSET,
  type NftBuyBody,
  type NftCollection,
  type NftConfig,
  type NftItemDetail,
  type NftOwned,
} from '@otc/protocol/nft/schemas';
import type { AppContext } from '../context.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import { fail, failField } from '../http/errors.ts';
import { announceBalances, callerRealm } from '../ledger/index.ts';
import { once, post, saveResult } from '../postings/index.ts';
import { checkTradePassword } from '../users/index.ts';
import * as nft from './queries.ts';
import { collectionView, itemView, unitView } from './view.ts';

/** An unlisted item (or one of an unlisted collection) is as unknown as a missing one: operators take items off sale that way. */
const onSale = (row: nft.ItemRow | undefined): row is nft.ItemRow =>
  row?.listed === true && row.collection_listed;

/** The listed collections with their listed items: what anyone may see (the live realm's counts). */
export async function listed(ctx: AppContext): Promise<NftCollection[]> {
  const [cs, is] = await Promise.all([nft.collections(ctx.db, true), nft.items(ctx.db, true)]);
  return cs.map((c) => collectionView(c, is));
}

/** The seed's `getnftconfig`: the same list, and a plain statement that nothing here is on a chain. */
export async function config(ctx: AppContext): Promise<NftConfig> {
  return { collections: await listed(ctx), onChain: false };
}

export async function collection(ctx: AppContext, id: string): Promise<NftCollection> {
  const [c] = await nft.collections(ctx.db, true, id);
  if (!c) failField('nft_collection_unknown', 'id');
  return collectionView(c, await nft.items(ctx.db, true, id));
}

export async function itemDetail(ctx: AppContext, id: string): Promise<NftItemDetail> {
  const row = await nft.item(ctx.db, id);
  if (!onSale(row)) failField('nft_item_unknown', 'id');
  return { ...itemView(row), collection: { id: row.collection_id, name: row.collection_name } };
}

/**
 * Buys one unit (issue 26): in one transaction, the item's next serial number in the buyer's realm
 * is taken (none left: sold out), the price moves from the buyer's funding USDT to the platform's
 * treasury, and the unit's row names the posting. A short balance fails the posting and so undoes
 * the taken unit. Real users confirm with the transaction password, as every other spend does; a
 * demo user (who has none) buys in the demo realm with demo funds, counted apart from real sales.
 */
export async function buy(ctx: AppContext, userId: string, body: NftBuyBody): Promise<NftOwned> {
  const realm = await callerRealm(ctx, userId);
  if (realm === 'live') {
    if (!body.tradePassword) failField('field_required', 'tradePassword');
    await checkTradePassword(ctx, userId, body.tradePassword);
  }
  let moved: Realm | undefined;
  const request = { op: 'nft.buy', itemId: body.itemId };
  // The item is read inside the key's transaction: a repeat of a finished purchase answers as the
  // first did, even once the item is off sale.
  const done = await once(ctx.db, userId, body.idempotencyKey, request, async (q, idem) => {
    const taken = await nft.takeUnit(q, body.itemId, realm);
    if (!taken) {
      if (!onSale(await nft.item(q, body.itemId))) failField('nft_item_unknown', 'itemId');
      fail('nft_sold_out');
    }
    // The price as the locked row holds it: an operator's change lands before or after, never halfway.
    const price = parseUnits(taken.price);
    const journalId = await post(q, {
      realm,
      kind: 'nft.purchase',
      reference: `${body.itemId}#${taken.serial}`,
      legs: move(userAccount(userId, 'funding'), platformAccount('treasury'), NFT_ASSET, price),
      ...idem,
    });
    const unit = await nft.insertUnit(q, {
      itemId: body.itemId,
      realm,
      serial: taken.serial,
      userId,
      price: formatUnits(price),
      journalId,
    });
    const record = unitView({
      id: unit.id,
      item_id: body.itemId,
      item_name: taken.name,
      collection_id: taken.collection_id,
      collection_name: taken.collection_name,
      serial: taken.serial,
      supply: taken.supply,
      price: formatUnits(price),
      journal_id: journalId,
      created_at: unit.created_at,
    });
    await saveResult(q, journalId, record);
    moved = realm;
    return record;
  });
  // A repeated request moved nothing this time: nothing to announce.
  if (moved) await announceBalances(ctx, moved, [userId]);
  return done;
}

export async function mine(ctx: AppContext, userId: string, page: PageRequest) {
  const { rows, total } = await paged<nft.UnitRow>(ctx.db, nft.ownedUnits, [userId], page);
  return { items: rows.map(unitView), total };
}
