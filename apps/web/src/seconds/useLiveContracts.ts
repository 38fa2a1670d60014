import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUserEvents } from '../ws/useUserEvents.ts';
import { secondsKeys } from './secondsApi.ts';

/**
 * Keeps the contract lists current from the private `user` channel: a contract bought (its buy
 * tick) or settled (its result) reloads the lists; a resync reloads them too.
 */
export function useLiveContracts(): void {
  const client = useQueryClient();
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: secondsKeys.all }), [client]);
  useUserEvents((event) => {
    if (event.kind === 'seconds') reload();
  }, reload);
}
