import { cache, STORAGE_KEYS } from '../api/storage.ts';

export const MAX_RECENT = 10;

/** Puts `query` first, without duplicates (ignoring case), keeping at most MAX_RECENT. */
export function withRecent(list: readonly string[], query: string): string[] {
  const q = query.trim();
  if (!q) return [...list];
  return [q, ...list.filter((x) => x.toLowerCase() !== q.toLowerCase())].slice(0, MAX_RECENT);
}

export function readRecent(): string[] {
  const stored = cache.get<unknown>(STORAGE_KEYS.recentSearches);
  return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];
}

export function rememberSearch(query: string): string[] {
  const next = withRecent(readRecent(), query);
  cache.set(STORAGE_KEYS.recentSearches, next);
  return next;
}

export function clearRecent(): void {
  cache.remove(STORAGE_KEYS.recentSearches);
}
