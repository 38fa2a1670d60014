import type { ExchangeRecord, ExecuteBody, Quote, QuoteBody } from '@otc/protocol/exchange/schemas';
import type {
  AccountLogEntry,
  AssetsOverview,
  CoinTransferBody,
  CoinTransferInfo,
  CoinTransferRecord,
  TransferBody,
  TransferRecord,
} from '@otc/protocol/ledger/schemas';
import type { InclusionProof, ProofSnapshot } from '@otc/protocol/proof/schemas';
import { api, type RequestOptions } from '../api/client.ts';
import type { ListPage } from '../ui/listState.ts';
import type { AccountKind } from './money.ts';

/** Every query that shows money starts with this, so one invalidation refreshes them all. */
export const MONEY = 'money';

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
};

type Quiet = Omit<RequestOptions, 'body' | 'method'>;
type Paged<T> = { items: T[]; total: number };

const page = <T>(path: string, body: Record<string, unknown>) =>
  api.post<Paged<T>>(path, body).then((p): ListPage<T> => ({ items: p.items, total: p.total }));

export const moneyApi = {
  overview: () => api.post<AssetsOverview>('/api/assets/overview', {}),
  accountLog: (account: AccountKind, asset: string | undefined, pageNo: number, pageSize: number) =>
    page<AccountLogEntry>('/api/assets/accountlog', {
      account,
      ...(asset ? { asset } : {}),
      page: pageNo,
      pageSize,
    }),

  transferInfo: () => api.post<AssetsOverview>('/api/credit/transferinfo', {}),
  transfer: (body: TransferBody) => api.post<TransferRecord>('/api/credit/transfer', body),
  transferLog: (pageNo: number, pageSize: number) =>
    page<TransferRecord>('/api/credit/transferlog', { page: pageNo, pageSize }),

  coinTransferInfo: (toUserId?: string, options: Quiet = {}) =>
    api.post<CoinTransferInfo>('/api/credit/cointransferinfo', toUserId ? { toUserId } : {}, options),
  coinTransfer: (body: CoinTransferBody) => api.post<CoinTransferRecord>('/api/credit/cointransfer', body),
  coinTransferLog: (pageNo: number, pageSize: number) =>
    page<CoinTransferRecord>('/api/credit/cointransferlog', { page: pageNo, pageSize }),

  quote: (body: QuoteBody) => api.post<Quote>('/api/exchange/quote', body),
  execute: (body: ExecuteBody) => api.post<ExchangeRecord>('/api/exchange/execute', body),
  exchangeLog: (pageNo: number, pageSize: number) =>
    page<ExchangeRecord>('/api/exchange/log', { page: pageNo, pageSize }),

  proofLatest: (options: Quiet = {}) => api.post<ProofSnapshot>('/api/proof/latest', {}, options),
  proofMine: (options: Quiet = {}) => api.post<InclusionProof>('/api/proof/mine', {}, options),
};
