import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { cache, STORAGE_KEYS } from '../api/storage.ts';
import { useSession } from '../api/useSession.ts';
import { marketApi, marketKeys } from './marketApi.ts';

/** A guest's favourites are a preference: kept for a year on this device. */
const LOCAL_LIFETIME_SECONDS = 365 * 24 * 3600;
const EMPTY: readonly string[] = [];

/** Adds or removes `symbol`, keeping the order symbols were added in. */
export function toggled(list: readonly string[], symbol: string, on: boolean): string[] {
  const rest = list.filter((s) => s !== symbol);
  return on ? [...rest, symbol] : rest;
}

function readLocal(): readonly string[] {
  const stored = cache.get<unknown>(STORAGE_KEYS.favorites);
  return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : EMPTY;
}

let local = readLocal();
const listeners = new Set<() => void>();
cache.subscribe((key) => {
  if (key !== STORAGE_KEYS.favorites) return;
  local = readLocal();
  for (const listener of listeners) listener();
});
const subscribeLocal = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getLocal = () => local;

export interface Favorites {
  list: readonly string[];
  has: (symbol: string) => boolean;
  toggle: (symbol: string) => void;
}

/**
 * The user's favourite symbols: on the server when signed in (changed at once on screen, put
 * right if the server refuses), in the local cache for a guest. Signing in does not merge them.
 */
export function useFavorites(): Favorites {
  const { user } = useSession();
  const client = useQueryClient();
  const localList = useSyncExternalStore(subscribeLocal, getLocal, getLocal);
  const key = marketKeys.favorites(user?.id ?? '');
  const remote = useQuery({ queryKey: key, queryFn: marketApi.favorites, enabled: user !== null });
  const list = user ? (remote.data ?? EMPTY) : localList;
  const userId = user?.id;

  const toggle = useCallback(
    (symbol: string) => {
      if (!userId) {
        const current = getLocal();
        cache.set(
          STORAGE_KEYS.favorites,
          toggled(current, symbol, !current.includes(symbol)),
          LOCAL_LIFETIME_SECONDS,
        );
        return;
      }
      const queryKey = marketKeys.favorites(userId);
      const current = client.getQueryData<string[]>(queryKey) ?? [];
      const on = !current.includes(symbol);
      client.setQueryData(queryKey, toggled(current, symbol, on));
      marketApi.setFavorite(symbol, on).then(
        (symbols) => client.setQueryData(queryKey, symbols),
        () => client.invalidateQueries({ queryKey }),
      );
    },
    [client, userId],
  );

  return useMemo(() => {
    const set = new Set(list);
    return { list, has: (symbol: string) => set.has(symbol), toggle };
  }, [list, toggle]);
}
