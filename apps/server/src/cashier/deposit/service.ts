import {
  type AdminDeposit,
  type AdminDepositList,
  DEPOSIT_COIN,
  DEPOSIT_MINIMUM,
  type DepositAddress,
  type DepositAddressBody,
  type DepositList,
  type DepositListBody,
  type DepositStatus,
  type WatcherStates,
} from '@otc/protocol/cashier/deposit/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../../context.ts';
import { type PageRequest, paged } from '../../db/paged.ts';
import { fail, failField } from '../../http/errors.ts';
import type { DepositChains } from './chains.ts';
import {
  addressOf,
  cursors,
  DEPOSIT_COLUMNS,
  type DepositRow,
  pendingCounts,
  saveAddress,
} from './queries.ts';
import { toDepositRecord } from './record.ts';

interface Caller {
  userId: string;
  realm: Realm;
}

/** Seed §6: a simulated account is refused on every deposit call, and nothing is stored. */
function refuseDemo(caller: Caller) {
  if (caller.realm === 'demo') fail('deposit_demo');
}

/**
 * The caller's USDT address on a chain (the first enabled one by default), derived by the chain
 * platform the first time and stored, so the watcher knows whose it is.
 */
export async function depositAddress(
  ctx: AppContext,
  chains: DepositChains,
  caller: Caller,
  body: DepositAddressBody,
): Promise<DepositAddress> {
  refuseDemo(caller);
  const enabled = chains.list();
  const chain = body.chainId === undefined ? enabled[0] : enabled.find((c) => c.chainId === body.chainId);
  if (!chain) failField('deposit_chain_unavailable', 'chainId');
  let address = await addressOf(ctx.db, chain.chainId, caller.userId);
  if (!address) {
    await saveAddress(
      ctx.db,
      chain.chainId,
      caller.userId,
      await chains.depositAddress(chain.chainId, caller.userId),
    );
    address = (await addressOf(ctx.db, chain.chainId, caller.userId)) as string;
  }
  return {
    coin: DEPOSIT_COIN,
    chainId: chain.chainId,
    address,
    token: chain.token,
    decimals: await chain.decimals(),
    minimum: DEPOSIT_MINIMUM,
    confirmations: chain.confirmations,
    chains: enabled.map((c) => ({ chainId: c.chainId, name: c.name, confirmations: c.confirmations })),
  };
}

/** The caller's deposits, newest first. */
export async function depositList(
  ctx: AppContext,
  caller: Caller,
  body: DepositListBody,
): Promise<DepositList> {
  refuseDemo(caller);
  const params: unknown[] = [caller.userId];
  if (body.chainId !== undefined) params.push(body.chainId);
  const { rows, total } = await paged<DepositRow>(
    ctx.db,
    {
      select: DEPOSIT_COLUMNS,
      from: `deposits WHERE user_id = $1${body.chainId !== undefined ? ' AND chain_id = $2' : ''}`,
      orderBy: 'id DESC',
    },
    params,
    body,
  );
  return { items: rows.map(toDepositRecord), total };
}

/** Every user's deposits for operators, by status and chain. */
export async function adminDeposits(
  ctx: AppContext,
  query: PageRequest & { status?: DepositStatus | undefined; chainId?: number | undefined },
): Promise<AdminDepositList> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.status) where.push(`status = $${params.push(query.status)}`);
  if (query.chainId !== undefined) where.push(`chain_id = $${params.push(query.chainId)}`);
  const { rows, total } = await paged<DepositRow>(
    ctx.db,
    {
      select: DEPOSIT_COLUMNS,
      from: `deposits${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
      orderBy: 'id DESC',
    },
    params,
    query,
  );
  const items = rows.map(
    (r): AdminDeposit => ({
      ...toDepositRecord(r),
      userId: r.user_id,
      address: r.address,
      blockNumber: r.block_number,
      logIndex: Number(r.log_index),
    }),
  );
  return { items, total };
}

/** The watcher per enabled chain: its cursor, the head when last asked, the lag, what waits. */
export async function watcherStates(
  ctx: Pick<AppContext, 'db'>,
  chains: DepositChains,
): Promise<WatcherStates> {
  const stored = await cursors(ctx.db);
  const pending = await pendingCounts(ctx.db);
  return {
    items: chains.list().map((c) => {
      const row = stored.get(c.chainId);
      const cursor = row?.block_number ? BigInt(row.block_number) : null;
      const head = row?.head ? BigInt(row.head) : null;
      return {
        chainId: c.chainId,
        name: c.name,
        cursor: cursor === null ? null : cursor.toString(),
        head: head === null ? null : head.toString(),
        lag: cursor === null || head === null ? null : (head > cursor ? head - cursor : 0n).toString(),
        pending: pending.get(c.chainId) ?? 0,
        scannedAt: row?.scanned_at ? new Date(row.scanned_at).toISOString() : null,
        error: row?.error ?? null,
      };
    }),
  };
}
