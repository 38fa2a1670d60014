import { describe, expect, it } from 'vitest';
import { createCache, DEFAULT_LIFETIME_SECONDS, memoryStorage } from './storage.ts';

function setup(start = 1_000_000) {
  let now = start;
  const storage = memoryStorage();
  const cache = createCache(storage, () => now);
  return {
    storage,
    cache,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('expiring cache', () => {
  it('keeps an entry for 7 days by default and drops it on read afterwards', () => {
    const { cache, storage, advance } = setup();
    cache.set('token', 'abc');
    expect(DEFAULT_LIFETIME_SECONDS).toBe(604800);
    advance(604800 * 1000 - 1);
    expect(cache.get('token')).toBe('abc');
    advance(1);
    expect(cache.get('token')).toBeUndefined();
    expect(storage.getItem('token')).toBeNull();
  });

  it('honours a lifetime given per entry and round-trips JSON values', () => {
    const { cache, advance } = setup();
    cache.set('user', { id: '7', nickname: 'Ann' }, 10);
    advance(9999);
    expect(cache.get('user')).toEqual({ id: '7', nickname: 'Ann' });
    advance(1);
    expect(cache.get('user')).toBeUndefined();
  });

  it('purges every expired entry on start and leaves live entries and foreign keys alone', () => {
    const { cache, storage, advance } = setup();
    cache.set('short', 1, 1);
    cache.set('long', 2, 100);
    storage.setItem('phoneInfo', JSON.stringify({ xitong: 'iOS', jixing: 'iPhone' }));
    storage.setItem('plain', 'not json');
    advance(5000);
    expect(cache.purgeExpired()).toEqual(['short']);
    expect(storage.getItem('short')).toBeNull();
    expect(cache.get('long')).toBe(2);
    expect(storage.getItem('phoneInfo')).not.toBeNull();
    expect(storage.getItem('plain')).toBe('not json');
  });

  it('reads entries it did not write as missing', () => {
    const { cache, storage } = setup();
    storage.setItem('lang', '"de"');
    expect(cache.get('lang')).toBeUndefined();
  });

  it('tells subscribers which key changed', () => {
    const { cache } = setup();
    const seen: string[] = [];
    const stop = cache.subscribe((key) => seen.push(key));
    cache.set('token', 't');
    cache.remove('user');
    stop();
    cache.set('lang', 'en');
    expect(seen).toEqual(['token', 'user']);
  });
});
