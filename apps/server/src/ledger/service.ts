import {
  canonicalDecimal,
  formatUnits,
  maskText,
  move,
  mulUnits,
  parseUnits,
  roundUnits,
  type Units,
  userAccount,
} from '@otc/core';
import type { UserAccountKind } from '@otc/protocol/ledger/accounts';
import { USER_ACCOUNT_KINDS } from '@otc/protocol/ledger/accounts';
import type {
  AccountBalances,
  AssetsOverview,
  CoinTransferBody,
  CoinTransferInfo,
  CoinTransferRecord,
  Realm,
  TransferBody,
  TransferRecord,
} from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import { indexPrices } from '../market/index.ts';
import { announceNotices, notify } from '../notifications/index.ts';
import { once, post, saveResult } from '../postings/index.ts';
import { checkTradePassword, getUser } from '../users/index.ts';
import { announceBalances } from './announce.ts';
import { findAsset, listAssets, userAmount } from './assets.ts';
import * as ledger from './queries.ts';

const VALUE_DECIMALS = 8;

export const realmOfKind = (kind: 'real' | 'demo'): Realm => (kind === 'demo' ? 'demo' : 'live');

async function caller(ctx: AppContext, userId: string) {
  const user = await getUser(ctx, userId);
  if (!user) fail('unauthorized');
  return { user, realm: realmOfKind(user.kind) };
}

/** The realm (live or demo books) a user's money lives in. */
export const callerRealm = async (ctx: AppContext, userId: string) => (await caller(ctx, userId)).realm;

export async function overview(ctx: AppContext, userId: string): Promise<AssetsOverview> {
  const { realm } = await caller(ctx, userId);
  const [rows, prices, assets] = await Promise.all([
    ledger.userBalances(ctx.db, realm, userId),
    indexPrices(ctx.db),
    listAssets(ctx.db),
  ]);
  const value = (asset: string, amount: Units) => {
    const price = prices.get(asset)?.price;
    return price === undefined ? 0n : roundUnits(mulUnits(amount, price), VALUE_DECIMALS);
  };
  let totalUsdt = 0n;
  const accounts: AccountBalances[] = USER_ACCOUNT_KINDS.map((kind) => {
    let accountValue = 0n;
    const balances = assets.map(({ code }) => {
      const row = rows.find((r) => r.kind === kind && r.asset === code);
      const available = parseUnits(row?.available ?? '0');
      const frozen = parseUnits(row?.frozen ?? '0');
      const v = value(code, available + frozen);
      accountValue += v;
      return {
        asset: code,
        available: formatUnits(available),
        frozen: formatUnits(frozen),
        total: formatUnits(available + frozen),
        valueUsdt: formatUnits(v),
      };
    });
    totalUsdt += accountValue;
    return { kind, balances, valueUsdt: formatUnits(accountValue) };
  });
  return { realm, accounts, totalUsdt: formatUnits(totalUsdt), assets };
}

export async function accountLog(
  ctx: AppContext,
  userId: string,
  body: { account: UserAccountKind; asset?: string | undefined; page: number; pageSize: number },
) {
  const { realm } = await caller(ctx, userId);
  return ledger.accountLog(ctx.db, realm, userId, body.account, body.asset, body);
}

function toTransferRecord(
  r: { id: string; created_at: Date },
  body: { from: string; to: string; asset: string },
  amount: Units,
): TransferRecord {
  return {
    id: r.id,
    from: body.from as UserAccountKind,
    to: body.to as UserAccountKind,
    asset: body.asset,
    amount: formatUnits(amount),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Between a user's own accounts: instant (PRODUCT.md "Accounts and money"). */
export async function ownTransfer(
  ctx: AppContext,
  userId: string,
  body: TransferBody,
): Promise<TransferRecord> {
  const { realm } = await caller(ctx, userId);
  if (body.from === body.to) failField('same_account', 'to');
  const asset = await findAsset(ctx.db, body.asset);
  const amount = userAmount(asset, body.amount);
  const request = {
    op: 'transfer.own',
    from: body.from,
    to: body.to,
    asset: asset.code,
    amount: formatUnits(amount),
  };
  const done = await once(ctx.db, userId, body.idempotencyKey, request, async (q, idem) => {
    const journalId = await post(q, {
      realm,
      kind: 'transfer.own',
      reference: userId,
      legs: move(userAccount(userId, body.from), userAccount(userId, body.to), asset.code, amount),
      ...idem,
    });
    const row = await ledger.insertTransfer(q, {
      journalId,
      kind: 'own',
      fromUser: userId,
      toUser: userId,
      fromAccount: body.from,
      toAccount: body.to,
      asset: asset.code,
      amount: formatUnits(amount),
    });
    const record = toTransferRecord(row, { ...body, asset: asset.code }, amount);
    await saveResult(q, journalId, record);
    return record;
  });
  await announceBalances(ctx, realm, [userId]);
  return done;
}

export async function ownTransferLog(
  ctx: AppContext,
  userId: string,
  page: { page: number; pageSize: number },
) {
  const { rows, total } = await ledger.transfers(ctx.db, userId, 'own', page);
  return {
    items: rows.map((r) =>
      toTransferRecord(r, { from: r.from_account, to: r.to_account, asset: r.asset }, parseUnits(r.amount)),
    ),
    total,
  };
}

/** The recipient of an internal transfer: a real, active user other than the sender. */
async function recipientOf(ctx: AppContext, senderId: string, toUserId: string) {
  if (toUserId === senderId) failField('recipient_self', 'toUserId');
  const recipient = await getUser(ctx, toUserId);
  if (recipient?.kind !== 'real' || recipient.status !== 'active') failField('recipient_unknown', 'toUserId');
  return recipient;
}

export async function coinTransferInfo(
  ctx: AppContext,
  userId: string,
  toUserId: string | undefined,
): Promise<CoinTransferInfo> {
  const { user, realm } = await caller(ctx, userId);
  if (realm === 'demo') fail('demo_not_allowed');
  const [rows, assets] = await Promise.all([ledger.userBalances(ctx.db, realm, userId), listAssets(ctx.db)]);
  const recipient = toUserId ? await recipientOf(ctx, userId, toUserId) : undefined;
  return {
    balances: assets.map((a) => ({
      asset: a.code,
      decimals: a.decimals,
      displayDecimals: a.displayDecimals,
      available: formatUnits(
        parseUnits(rows.find((r) => r.kind === 'funding' && r.asset === a.code)?.available ?? '0'),
      ),
    })),
    recipient: recipient ? { id: recipient.id, nickname: maskText(recipient.nickname) } : null,
    hasTradePassword: user.trade_password_mode !== 'none',
  };
}

/**
 * To another user ID, from funding to funding, with the transaction password. Demo users can
 * neither send nor receive (PRODUCT.md invariant 4). It cannot be undone.
 */
export async function coinTransfer(
  ctx: AppContext,
  userId: string,
  body: CoinTransferBody,
): Promise<CoinTransferRecord> {
  const { realm } = await caller(ctx, userId);
  if (realm === 'demo') fail('demo_not_allowed');
  const asset = await findAsset(ctx.db, body.asset);
  const amount = userAmount(asset, body.amount);
  const recipient = await recipientOf(ctx, userId, body.toUserId);
  await checkTradePassword(ctx, userId, body.tradePassword);
  const request = { op: 'transfer.user', to: recipient.id, asset: asset.code, amount: formatUnits(amount) };
  const done = await once(ctx.db, userId, body.idempotencyKey, request, async (q, idem) => {
    const journalId = await post(q, {
      realm: 'live',
      kind: 'transfer.user',
      reference: `${userId}>${recipient.id}`,
      legs: move(userAccount(userId, 'funding'), userAccount(recipient.id, 'funding'), asset.code, amount),
      ...idem,
    });
    const row = await ledger.insertTransfer(q, {
      journalId,
      kind: 'user',
      fromUser: userId,
      toUser: recipient.id,
      fromAccount: 'funding',
      toAccount: 'funding',
      asset: asset.code,
      amount: formatUnits(amount),
    });
    const record: CoinTransferRecord = {
      id: row.id,
      direction: 'out',
      counterparty: { id: recipient.id, nickname: maskText(recipient.nickname) },
      asset: asset.code,
      amount: formatUnits(amount),
      createdAt: new Date(row.created_at).toISOString(),
    };
    // The recipient learns of it from their inbox, written with the movement (issue 24: they were not told).
    await notify(q, recipient.id, {
      kind: 'transfer.received',
      params: { amount: formatUnits(amount), asset: asset.code, fromUser: userId },
      link: '/pages/index/TransferList?tab=user',
    });
    await saveResult(q, journalId, record);
    return record;
  });
  await announceBalances(ctx, 'live', [userId, recipient.id]);
  await announceNotices(ctx, [recipient.id]);
  return done;
}

export async function coinTransferLog(
  ctx: AppContext,
  userId: string,
  page: { page: number; pageSize: number },
) {
  const { rows, total } = await ledger.transfers(ctx.db, userId, 'user', page);
  const items: CoinTransferRecord[] = rows.map((r) => {
    const out = r.from_user === userId;
    return {
      id: r.id,
      direction: out ? 'out' : 'in',
      counterparty: {
        id: out ? r.to_user : r.from_user,
        nickname: maskText(out ? r.to_nickname : r.from_nickname),
      },
      asset: r.asset,
      amount: canonicalDecimal(r.amount),
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
  return { items, total };
}
