/**
 * A localStorage cache whose entries expire (seed §9: default lifetime 604800 s, expired entries
 * removed). Entries are stored as `{"v": value, "e": expiresAtMs}`; keys written by others (such as
 * `phoneInfo`) are left alone.
 */
export const DEFAULT_LIFETIME_SECONDS = 604800;

export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  lang: 'lang',
  accounts: 'accounts',
  /** The Assets page's "Hide zero balances" switch. */
  hideZero: 'hideZero',
  /** A guest's favourite instruments (signed-in users keep theirs on the server). */
  favorites: 'favorites',
  /** The search page's recent queries. */
  recentSearches: 'recentSearches',
  /** The key of this device's demo user, to come back to it (issue 13); signing out keeps it. */
  demoKey: 'demoKey',
  /** A guest's support-chat device token (decision 0129): sent once at sign-in, so the chat follows. */
  chatDevice: 'chatDevice',
} as const;

export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface Entry {
  v: unknown;
  e: number;
}

function parseEntry(raw: string | null): Entry | null {
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && 'v' in parsed && 'e' in parsed) {
      const e = (parsed as { e: unknown }).e;
      if (typeof e === 'number') return parsed as Entry;
    }
  } catch {
    // Not one of ours.
  }
  return null;
}

export type CacheListener = (key: string) => void;

export interface Cache {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown, lifetimeSeconds?: number): void;
  remove(key: string): void;
  /** Removes every expired entry; returns the keys removed. */
  purgeExpired(): string[];
  subscribe(listener: CacheListener): () => void;
  /** Tells listeners a key changed elsewhere (another tab). */
  notify(key: string): void;
}

export function createCache(storage: StorageLike, now: () => number = Date.now): Cache {
  const listeners = new Set<CacheListener>();
  const notify = (key: string) => {
    for (const listener of listeners) listener(key);
  };

  return {
    get<T>(key: string): T | undefined {
      const raw = storage.getItem(key);
      const entry = parseEntry(raw);
      if (!entry) return undefined;
      if (entry.e <= now()) {
        storage.removeItem(key);
        return undefined;
      }
      return entry.v as T;
    },
    set(key, value, lifetimeSeconds = DEFAULT_LIFETIME_SECONDS) {
      const entry: Entry = { v: value, e: now() + lifetimeSeconds * 1000 };
      storage.setItem(key, JSON.stringify(entry));
      notify(key);
    },
    remove(key) {
      storage.removeItem(key);
      notify(key);
    },
    purgeExpired() {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null) keys.push(key);
      }
      const removed = keys.filter((key) => {
        const entry = parseEntry(storage.getItem(key));
        return entry !== null && entry.e <= now();
      });
      for (const key of removed) storage.removeItem(key);
      return removed;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify,
  };
}

/** A Map-backed storage for where localStorage is missing or refused (private mode, tests). */
export function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index) => Array.from(map.keys())[index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function browserStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage;
    if (storage) {
      const probe = '__probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // Storage refused: fall back to memory for this visit.
  }
  return memoryStorage();
}

export const cache = createCache(browserStorage());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key) cache.notify(event.key);
  });
}
