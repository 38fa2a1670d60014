import type { AssetInfo } from '@otc/protocol/ledger/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { moneyApi, moneyKeys } from './assetsApi.ts';
import { MONEY } from './keys.ts';

/** Balances are fetched afresh whenever a money screen mounts or the app comes back to the front. */
export const FRESH = { staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true } as const;

/** The user's accounts and balances; `enabled: false` where no one is signed in (a guest's ticket). */
export function useOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: moneyKeys.overview, queryFn: moneyApi.overview, ...FRESH, enabled });
}

/**
 * The catalogue's entry of an asset (its display decimals, the one rule for its amounts), by code:
 * for lists whose rows name only the code. Undefined until the overview arrives (then 8 places).
 */
export function useAssetInfo(): (code: string) => AssetInfo | undefined {
  const assets = useOverview().data?.assets;
  return useCallback((code: string) => assets?.find((a) => a.code === code), [assets]);
}

/** Refreshes every money query after money moved. */
export function useMoneyMoved(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: [MONEY] }), [client]);
}
