import { exchangeEndpoints as exchange } from '@otc/protocol/exchange/endpoints';
import type { ExecuteBody, QuoteBody } from '@otc/protocol/exchange/schemas';
import { ledgerEndpoints as ledger } from '@otc/protocol/ledger/endpoints';
import type { CoinTransferBody, TransferBody } from '@otc/protocol/ledger/schemas';
import { proofEndpoints as proof } from '@otc/protocol/proof/endpoints';
import { type CallOptions, call } from '../api/call.ts';
import type { ListPage } from '../ui/listState.ts';
import type { AccountKind } from './amounts.ts';
import { MONEY } from './keys.ts';

export const moneyKeys = {
  overview: [MONEY, 'overview'] as const,
  transferInfo: [MONEY, 'transferinfo'] as const,
  coinTransferInfo: [MONEY, 'cointransferinfo'] as const,
  accountLog: (account: AccountKind, asset: string | undefined) =>
    [MONEY, 'accountlog', account, asset ?? ''] as const,
  transferLog: [MONEY, 'transferlog'] as const,
  coinTransferLog: [MONEY, 'cointransferlog'] as const,
  exchangeLog: [MONEY, 'exchangelog'] as const,
  proofLatest: ['proof', 'latest'] as const,
  proofMine: ['proof', 'mine'] as const,
  proofReserves: ['proof', 'reserves'] as const,
  proofSnapshots: ['proof', 'snapshots'] as const,
};

/** A page of a list as the list screens hold it. */
const page = <T>(p: Promise<{ items: T[]; total: number }>) =>
  p.then((r): ListPage<T> => ({ items: r.items, total: r.total }));

export const moneyApi = {
  overview: () => call(ledger.overview),
  accountLog: (account: AccountKind, asset: string | undefined, pageNo: number, pageSize: number) =>
    page(call(ledger.accountLog, { account, ...(asset ? { asset } : {}), page: pageNo, pageSize })),

  transferInfo: () => call(ledger.transferInfo),
  transfer: (body: TransferBody) => call(ledger.transfer, body),
  transferLog: (pageNo: number, pageSize: number) =>
    page(call(ledger.transferLog, { page: pageNo, pageSize })),

  coinTransferInfo: (toUserId?: string, options: CallOptions = {}) =>
    call(ledger.coinTransferInfo, toUserId ? { toUserId } : {}, options),
  coinTransfer: (body: CoinTransferBody, options: CallOptions = {}) =>
    call(ledger.coinTransfer, body, options),
  coinTransferLog: (pageNo: number, pageSize: number) =>
    page(call(ledger.coinTransferLog, { page: pageNo, pageSize })),

  quote: (body: QuoteBody) => call(exchange.quote, body),
  execute: (body: ExecuteBody) => call(exchange.execute, body),
  exchangeLog: (pageNo: number, pageSize: number) => page(call(exchange.log, { page: pageNo, pageSize })),

  proofLatest: (options: CallOptions = {}) => call(proof.latest, undefined, options),
  proofMine: (options: CallOptions = {}) => call(proof.mine, undefined, options),
  proofReserves: (options: CallOptions = {}) => call(proof.reserves, undefined, options),
  /** The latest ten snapshots kept. */
  proofSnapshots: (options: CallOptions = {}) => call(proof.snapshots, { page: 1, pageSize: 10 }, options),
};
