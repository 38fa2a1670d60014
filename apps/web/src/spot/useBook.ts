import { bookChannel } from '@otc/protocol/spot/channels';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useChannel } from '../ws/useChannel.ts';
import { type Realm, spotApi } from './spotApi.ts';
import { type Book, createThrottle, pushTrades, type TapeTrade, toBook } from './spotMath.ts';

/** At most ~5 renders a second from a busy book or tape. */
export const BOOK_RENDER_MS = 200;
/** All the levels the server sends (its top 20). */
export const BOOK_LEVELS = 20;
export const TAPE_LIMIT = 30;

/** A value set through a latest-wins throttle; the throttle is reset when `resetKey` changes. */
function useThrottledState<T>(resetKey: string): [T | null, (value: T) => void] {
  const [value, setValue] = useState<{ key: string; value: T } | null>(null);
  const throttle = useRef<ReturnType<typeof createThrottle<{ key: string; value: T }>> | null>(null);
  throttle.current ??= createThrottle(setValue, BOOK_RENDER_MS);
  useEffect(() => () => throttle.current?.cancel(), []);
  const set = useCallback((next: T) => throttle.current?.push({ key: resetKey, value: next }), [resetKey]);
  // A value for another symbol or realm is not shown.
  return [value?.key === resetKey ? value.value : null, set];
}

/** The order book of `symbol` in the user's realm: REST first, then every socket frame (full top 20). */
export function useBook(symbol: string, realm: Realm): Book | null {
  const key = `${symbol}|${realm}`;
  const [book, setBook] = useThrottledState<Book>(key);
  const gotLive = useRef(false);
  useEffect(() => {
    gotLive.current = false;
    let stale = false;
    spotApi
      .depth(symbol, realm)
      .then((depth) => {
        const next = toBook(depth, BOOK_LEVELS);
        if (!stale && !gotLive.current && next) setBook(next);
      })
      .catch(() => {});
    return () => {
      stale = true;
    };
  }, [symbol, realm, setBook]);
  useChannel<unknown>(bookChannel('depth', symbol, realm), (data) => {
    const next = toBook(data, BOOK_LEVELS);
    if (!next) return;
    gotLive.current = true;
    setBook(next);
  });
  return book;
}

/** Recent trades of `symbol`, newest first: REST first, then new ones from the socket. */
export function useTape(symbol: string, realm: Realm): TapeTrade[] | null {
  const key = `${symbol}|${realm}`;
  const [tape, setTape] = useThrottledState<TapeTrade[]>(key);
  const latest = useRef<TapeTrade[]>([]);
  useEffect(() => {
    latest.current = [];
    let stale = false;
    spotApi
      .trades(symbol, realm, TAPE_LIMIT)
      .then((items) => {
        if (stale) return;
        // REST gives newest first; anything the socket already added stays on top.
        latest.current = [...latest.current, ...items].slice(0, TAPE_LIMIT);
        setTape(latest.current);
      })
      .catch(() => {
        if (!stale) setTape(latest.current);
      });
    return () => {
      stale = true;
    };
  }, [symbol, realm, setTape]);
  useChannel<unknown>(bookChannel('trades', symbol, realm), (data) => {
    latest.current = pushTrades(latest.current, data, TAPE_LIMIT);
    setTape(latest.current);
  });
  return tape;
}
