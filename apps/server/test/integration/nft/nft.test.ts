import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type {
  AdminNftCatalogue,
  AdminNftCollection,
  NftCollection,
  NftConfig,
  NftItemDetail,
  NftOwned,
} from '@otc/protocol/nft/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, count, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { png } from '../uploads/images.ts';

describe.each(DATABASES)('NFT collections and items on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  });
  afterAll(() => s.close());

  const saveCollection = (body: Record<string, unknown>, token = admin) =>
    s.api<AdminNftCollection>('/api/admin/nft/collections/save', body, { token });
  const saveItem = (body: Record<string, unknown>, opts: { token?: string; lang?: string } = {}) =>
    s.api<AdminNftCollection>('/api/admin/nft/items/save', body, { token: admin, ...opts });
  /** A listed collection with one listed item; answers the item's id. */
  const newItem = async (price: string, supply: number) => {
    const c = await saveCollection({ name: 'Harbour lights', description: 'Night scenes', listed: true });
    expect(c.body.code).toBe(200);
    const saved = await saveItem({
      collectionId: c.body.data.id,
      name: `Lighthouse ${randomUUID().slice(0, 6)}`,
      description: 'A lighthouse at dusk',
      price,
      supply,
      listed: true,
    });
    expect(saved.body.code).toBe(200);
    const item = saved.body.data.items.at(-1);
    return { collectionId: c.body.data.id, itemId: item?.id as string };
  };
  const buy = (token: string, body: Record<string, unknown>, lang?: string) =>
    s.api<NftOwned>(
      '/api/nft/buy',
      { tradePassword: PASSWORD, idempotencyKey: randomUUID(), ...body },
      { token, ...(lang ? { lang } : {}) },
    );
  const funded = async (usdt: string) => {
    const u = await registerUser(s);
    await deposit(s, u.user.id, 'USDT', usdt);
    return u;
  };
  const balance = async (realm: string, ownerType: string, owner: string, account: string) => {
    const [row] = await s.db.query<{ v: string }>(
      `SELECT coalesce(sum(available), 0)::text AS v FROM ledger_accounts
       WHERE realm = $1 AND owner_type = $2 AND owner = $3 AND kind = $4 AND asset = 'USDT'`,
      [realm, ownerType, owner, account],
    );
    return row?.v ?? '0';
  };
  /** Everything a refused request must leave as it was. */
  const state = async (userId: string, itemId: string) => ({
    funding: await balance('live', 'user', userId, 'funding'),
    treasury: await balance('live', 'platform', 'main', 'treasury'),
    item: await s.db.query('SELECT sold_live, sold_demo, supply FROM nft_items WHERE id = $1', [itemId]),
    units: await s.db.query('SELECT count(*)::int AS n FROM nft_units'),
    journal: await s.db.query('SELECT count(*)::int AS n FROM journal'),
  });

  it('shows what operators configure, and only what is listed, at the seed’s path and the typed ones', async () => {
    const { collectionId, itemId } = await newItem('12.5', 3);
    const hidden = await saveItem({
      collectionId,
      name: 'Unlisted',
      description: '',
      price: '1',
      supply: 1,
      listed: false,
    });
    const hiddenId = hidden.body.data.items.find((i) => i.name === 'Unlisted')?.id;

    const config = (await s.api<NftConfig>('/api/common/getnftconfig', {})).body;
    expect(config.code).toBe(200);
    expect(config.data.onChain).toBe(false);
    const mine = config.data.collections.find((c) => c.id === collectionId);
    expect(mine?.items).toEqual([
      expect.objectContaining({ id: itemId, price: '12.5', asset: 'USDT', supply: 3, sold: 0, remaining: 3 }),
    ]);
    const one = await s.api<NftCollection>('/api/nft/collection', { id: collectionId });
    expect(one.body.data.items.map((i) => i.id)).toEqual([itemId]);
    const detail = await s.api<NftItemDetail>('/api/nft/item', { id: itemId });
    expect(detail.body.data).toMatchObject({
      id: itemId,
      collection: { id: collectionId, name: 'Harbour lights' },
    });
    const unlisted = await s.api('/api/nft/item', { id: hiddenId });
    expect(unlisted.status).toBe(404);
    expect(unlisted.body.data.error).toBe('nft_item_unknown');

    const all = await s.api<AdminNftCatalogue>('/api/admin/nft/collections', undefined, { token: admin });
    const adminItems = all.body.data.items.find((c) => c.id === collectionId)?.items ?? [];
    expect(adminItems.map((i) => [i.id, i.listed])).toEqual([
      [itemId, true],
      [hiddenId, false],
    ]);
    const audits = await s.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'nft.%' ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['nft.collection.save', 'nft.item.save']),
    );
  });

  it('buys one numbered unit: the price from funding to the treasury, exactly, once per key', async () => {
    const { itemId } = await newItem('12.5', 3);
    const u = await funded('100');
    const treasuryBefore = Number(await balance('live', 'platform', 'main', 'treasury'));
    const key = randomUUID();
    const first = await buy(u.token, { itemId, idempotencyKey: key });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({ itemId, serial: 1, supply: 3, price: '12.5', asset: 'USDT' });
    // 100 - 12.5 = 87.5 left; the treasury gains the 12.5.
    expect(await balance('live', 'user', u.user.id, 'funding')).toBe('87.500000000000000000');
    expect(Number(await balance('live', 'platform', 'main', 'treasury')) - treasuryBefore).toBe(12.5);
    const legs = await s.db.query<{ account: string; amount: string }>(
      `SELECT a.owner_type || ':' || a.kind AS account, e.amount::text AS amount
       FROM journal_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE e.journal_id = $1 ORDER BY e.amount`,
      [first.body.data.journalId],
    );
    expect(legs).toEqual([
      { account: 'user:funding', amount: '-12.500000000000000000' },
      { account: 'platform:treasury', amount: '12.500000000000000000' },
    ]);

    // The same key and request answer the first answer and move nothing more.
    const again = await buy(u.token, { itemId, idempotencyKey: key });
    expect(again.body.data).toEqual(first.body.data);
    expect(await balance('live', 'user', u.user.id, 'funding')).toBe('87.500000000000000000');
    // The same key for another item is refused, and changes nothing.
    const other = await newItem('1', 5);
    const before = await state(u.user.id, other.itemId);
    const conflict = await buy(u.token, { itemId: other.itemId, idempotencyKey: key });
    expect(conflict.body.data.error).toBe('idempotency_conflict');
    expect(await state(u.user.id, other.itemId)).toEqual(before);

    // Balance history names the movement.
    const history = await s.api<{ items: { kind: string; asset: string; amount: string }[] }>(
      '/api/assets/accountlog',
      { account: 'funding', asset: 'USDT' },
      { token: u.token },
    );
    expect(history.body.data.items[0]).toMatchObject({
      kind: 'nft.purchase',
      asset: 'USDT',
      amount: '-12.5',
    });

    const second = await buy(u.token, { itemId });
    expect(second.body.data.serial).toBe(2);
    const owned = await s.api<{ items: NftOwned[]; total: number }>('/api/nft/mine', {}, { token: u.token });
    expect(owned.body.data.total).toBe(2);
    expect(owned.body.data.items.map((i) => i.serial)).toEqual([2, 1]);
    const item = await s.api<NftItemDetail>('/api/nft/item', { id: itemId });
    expect(item.body.data).toMatchObject({ sold: 2, remaining: 1 });
  });

  it('refuses bad input with a translated error and changes nothing', async () => {
    const { itemId } = await newItem('12.5', 3);
    const poor = await funded('10');
    const rich = await funded('100');
    const cases: [string, Record<string, unknown>, number, string][] = [
      [poor.token, { itemId }, 400, 'insufficient_balance'],
      [rich.token, { itemId: '999999999' }, 404, 'nft_item_unknown'],
      [rich.token, { itemId, tradePassword: 'Wrong-pass-1' }, 400, 'trade_password_wrong'],
      [rich.token, { itemId, tradePassword: undefined }, 400, 'field_required'],
      [rich.token, { itemId: '-1' }, 400, 'field_invalid'],
      [rich.token, { itemId: 12 }, 400, 'field_invalid'],
      [rich.token, { itemId: '1'.repeat(40) }, 400, 'field_invalid'],
      [rich.token, { itemId, idempotencyKey: 'x' }, 400, 'field_invalid'],
      [rich.token, { itemId, extra: true }, 400, 'field_invalid'],
    ];
    for (const [token, body, status, error] of cases) {
      const user = token === poor.token ? poor.user.id : rich.user.id;
      const before = await state(user, itemId);
      const res = await buy(token, body);
      expect([res.status, res.body.data.error], JSON.stringify(body)).toEqual([status, error]);
      expect(await state(user, itemId)).toEqual(before);
    }
    const german = await buy(rich.token, { itemId: '999999999' }, 'de');
    expect(german.body.msg).toBe('Dieses NFT-Objekt gibt es nicht oder es steht nicht zum Verkauf.');
    const anonymous = await s.api('/api/nft/buy', { itemId, idempotencyKey: randomUUID() });
    expect(anonymous.status).toBe(401);
  });

  it('never sells past the supply: sold out, and a supply below what is sold is refused', async () => {
    const { collectionId, itemId } = await newItem('5', 2);
    const a = await funded('50');
    const b = await funded('50');
    expect((await buy(a.token, { itemId })).body.code).toBe(200);
    expect((await buy(a.token, { itemId })).body.code).toBe(200);
    const before = await state(b.user.id, itemId);
    const late = await buy(b.token, { itemId }, 'fr');
    expect([late.status, late.body.data.error, late.body.msg]).toEqual([
      409,
      'nft_sold_out',
      'Cet article NFT est épuisé.',
    ]);
    expect(await state(b.user.id, itemId)).toEqual(before);
    const shrink = await saveItem({
      id: itemId,
      collectionId,
      name: 'Lighthouse',
      description: '',
      price: '5',
      supply: 1,
      listed: true,
    });
    expect([shrink.status, shrink.body.data.error, shrink.body.data.field, shrink.body.msg]).toEqual([
      400,
      'nft_supply_below_sold',
      'supply',
      'The supply cannot be below the 2 units already sold.',
    ]);
    const tooPrecise = await saveItem({
      collectionId,
      name: 'Dust',
      description: '',
      price: '0.0000001',
      supply: 1,
      listed: true,
    });
    expect([tooPrecise.body.data.error, tooPrecise.body.data.field]).toEqual(['amount_precision', 'price']);
    const unknown = await saveItem({
      collectionId: '999999999',
      name: 'Orphan',
      description: '',
      price: '1',
      supply: 1,
      listed: true,
    });
    expect(unknown.body.data.error).toBe('nft_collection_unknown');
  });

  it('refuses a malformed item or collection from the back office and saves nothing', async () => {
    const { collectionId } = await newItem('1', 1);
    const good = { collectionId, name: 'Buoy', description: '', price: '1', supply: 1, listed: true };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: '-1' }, 'field_invalid', 'price'],
      [{ price: '0' }, 'field_invalid', 'price'],
      [{ price: 'abc' }, 'field_invalid', 'price'],
      [{ price: 5 }, 'field_invalid', 'price'],
      [{ price: '1234567890123456' }, 'amount_too_large', 'price'],
      [{ price: '1.0000001' }, 'amount_precision', 'price'],
      [{ supply: 0 }, 'nft_supply_zero', 'supply'],
      [{ supply: -1 }, 'field_invalid', 'supply'],
      [{ supply: 1.5 }, 'field_invalid', 'supply'],
      [{ supply: 10_000_001 }, 'field_invalid', 'supply'],
      [{ name: '' }, 'field_required', 'name'],
      [{ name: '   ' }, 'field_required', 'name'],
      [{ name: 'x'.repeat(101) }, 'field_too_long', 'name'],
      [{ listed: undefined }, 'field_required', 'listed'],
      [{ imageId: 'not-a-uuid' }, 'field_invalid', 'imageId'],
      [{ id: '999999999' }, 'nft_item_unknown', 'id'],
    ];
    const before = await s.db.query('SELECT * FROM nft_items ORDER BY id');
    for (const [change, error, field] of cases) {
      const res = await saveItem({ ...good, ...change });
      expect([res.body.data.error, res.body.data.field], JSON.stringify(change)).toEqual([error, field]);
    }
    const named = await saveCollection({ name: ' ', description: '', listed: true });
    expect([named.body.data.error, named.body.data.field, named.body.msg]).toEqual([
      'field_required',
      'name',
      'Please enter the name.',
    ]);
    expect(await s.db.query('SELECT * FROM nft_items ORDER BY id')).toEqual(before);
  });

  it('answers a repeat of a purchase as the first, even once the item is off sale; an unlisted one is unknown', async () => {
    const { collectionId, itemId } = await newItem('4', 10);
    const u = await funded('20');
    const key = randomUUID();
    const first = await buy(u.token, { itemId, idempotencyKey: key });
    expect(first.body.code).toBe(200);
    const off = await saveItem({
      id: itemId,
      collectionId,
      name: 'Lighthouse',
      description: '',
      price: '4',
      supply: 10,
      listed: false,
    });
    expect(off.body.code).toBe(200);
    expect((await buy(u.token, { itemId, idempotencyKey: key })).body.data).toEqual(first.body.data);
    const before = await state(u.user.id, itemId);
    const unlisted = await buy(u.token, { itemId });
    expect([unlisted.status, unlisted.body.data.error, unlisted.body.data.field]).toEqual([
      404,
      'nft_item_unknown',
      'itemId',
    ]);
    expect(await state(u.user.id, itemId)).toEqual(before);
    const hidden = await saveCollection({
      id: collectionId,
      name: 'Harbour lights',
      description: '',
      listed: false,
    });
    expect(hidden.body.code).toBe(200);
    const gone = await s.api('/api/nft/collection', { id: collectionId });
    expect([gone.status, gone.body.data.error]).toEqual([404, 'nft_collection_unknown']);
  });

  it('gives the last unit to one of many buyers at once, and one unit to twenty repeats of a key', async () => {
    const { itemId } = await newItem('7.25', 1);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => funded('10')));
    const results = await Promise.all(buyers.map((u) => buy(u.token, { itemId })));
    const won = results.filter((r) => r.body.code === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.body.data.error === 'nft_sold_out')).toHaveLength(5);
    for (const [i, u] of buyers.entries()) {
      const paid = results[i]?.body.code === 200;
      expect(await balance('live', 'user', u.user.id, 'funding')).toBe(
        paid ? '2.750000000000000000' : '10.000000000000000000',
      );
    }
    expect(await s.db.query('SELECT serial FROM nft_units WHERE item_id = $1', [itemId])).toEqual([
      { serial: 1 },
    ]);

    const many = await newItem('1', 100);
    const u = await funded('100');
    const key = randomUUID();
    const repeats = await Promise.all(
      Array.from({ length: 20 }, () => buy(u.token, { itemId: many.itemId, idempotencyKey: key })),
    );
    expect(new Set(repeats.map((r) => r.body.data.id)).size).toBe(1);
    expect(await balance('live', 'user', u.user.id, 'funding')).toBe('99.000000000000000000');
  });

  it('lets a demo user buy with demo funds only, counted apart from real sales', async () => {
    const { itemId } = await newItem('3', 1);
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const demoFunding = await balance('demo', 'user', demo.user.id, 'funding');
    const bought = await buy(demo.token, { itemId, tradePassword: undefined });
    expect(bought.body.code).toBe(200);
    expect(Number(await balance('demo', 'user', demo.user.id, 'funding'))).toBe(Number(demoFunding) - 3);
    const [journal] = await s.db.query<{ realm: string }>('SELECT realm FROM journal WHERE id = $1', [
      bought.body.data.journalId,
    ]);
    expect(journal?.realm).toBe('demo');
    // The one real unit is still there for a real buyer.
    const real = await funded('10');
    const realBuy = await buy(real.token, { itemId });
    expect(realBuy.body.data).toMatchObject({ serial: 1 });
    expect((await buy(demo.token, { itemId, tradePassword: undefined })).body.data.error).toBe(
      'nft_sold_out',
    );
  });

  /** A multipart upload as the back office's form sends it. */
  const upload = async (path: string, token: string, purpose: string) => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', new Blob([await png()], { type: 'image/png' }), 'art.png');
    const res = await fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { data: { id: string; error?: string } } };
  };

  it('shows the artwork an admin uploads, to anyone, and takes no other image', async () => {
    const art = await upload('/api/admin/uploads', admin, 'nft');
    expect(art.status).toBe(200);
    const c = await saveCollection({
      name: 'Tides',
      description: '',
      imageId: art.body.data.id,
      listed: true,
    });
    expect(c.body.data.image).toBe(`/api/common/upload/public/${art.body.data.id}`);
    const saved = await saveItem({
      collectionId: c.body.data.id,
      name: 'Spring tide',
      description: '',
      imageId: art.body.data.id,
      price: '2',
      supply: 5,
      listed: true,
    });
    const item = saved.body.data.items[0];
    expect(item?.image).toBe(`/api/common/upload/public/${art.body.data.id}`);
    // A visitor reads it without a token: it is published artwork.
    const image = await fetch(`${s.url}${item?.image}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(image.headers.get('cache-control')).toContain('public');

    // A user's own upload is neither public nor usable as artwork; nor may a user upload artwork.
    const u = await registerUser(s);
    const avatar = await upload('/api/common/upload', u.token, 'avatar');
    expect(avatar.status).toBe(200);
    expect((await fetch(`${s.url}/api/common/upload/public/${avatar.body.data.id}`)).status).toBe(404);
    const before = await count(s.db, 'nft_items');
    const refused = await saveItem({
      collectionId: c.body.data.id,
      name: 'Borrowed',
      description: '',
      imageId: avatar.body.data.id,
      price: '2',
      supply: 5,
      listed: true,
    });
    expect([refused.body.data.error, refused.body.data.field]).toEqual(['upload_not_found', 'imageId']);
    expect(await count(s.db, 'nft_items')).toBe(before);
    expect((await upload('/api/common/upload', u.token, 'nft')).body.data.error).toBe('field_invalid');
    expect((await upload('/api/admin/uploads', admin, 'avatar')).body.data.error).toBe('field_invalid');
  });

  it('lets only admins change the catalogue or upload artwork', async () => {
    const created = await s.api(
      '/api/admin/operators',
      { email: `support${randomUUID().slice(0, 6)}@test.local`, password: 'Support-1234', role: 'support' },
      { token: admin },
    );
    expect(created.body.code).toBe(200);
    const email = (created.body.data as { email: string }).email;
    const support = (await s.api<{ token: string }>('/api/admin/login', { email, password: 'Support-1234' }))
      .body.data.token;
    const before = await count(s.db, 'nft_collections');
    const refused = await saveCollection({ name: 'Nope', description: '', listed: true }, support);
    expect([refused.status, refused.body.data.error]).toEqual([403, 'forbidden']);
    expect(await count(s.db, 'nft_collections')).toBe(before);
    expect((await upload('/api/admin/uploads', support, 'nft')).status).toBe(403);
    const read = await s.api('/api/admin/nft/collections', undefined, { token: support });
    expect(read.body.code).toBe(200);
  });

  it('leaves the ledger check clean', async () => {
    expect(await checkLedger(s.db)).toEqual([]);
  });
});
