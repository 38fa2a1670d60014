import type { PositionProduct } from '@otc/protocol/positions/constants';
import { useQuery } from '@tanstack/react-query';
import { FOLLOWS_USER_EVENTS } from '../money/useLiveMoney.ts';
import { positionKeys, positionsApi } from './positionsApi.ts';
import { usePositionEvents } from './usePositionEvents.ts';

/**
 * The user's open positions (one product, or all), kept live: each position event of the private
 * channel is written into the list, and the list is fetched again now and then for the server's
 * risk figures at the mark.
 */
export function useOpenPositions(product: PositionProduct | 'all', enabled = true) {
  usePositionEvents(enabled);
  return useQuery({
    queryKey: positionKeys.open(product),
    queryFn: () => positionsApi.open(product),
    enabled,
    staleTime: 0,
    refetchInterval: 15_000,
    meta: FOLLOWS_USER_EVENTS,
  });
}
