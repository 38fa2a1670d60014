import { bookChannel } from '@otc/protocol/spot/channels';
import { createThrottle } from '../ws/throttle.ts';
import { useLive } from '../ws/useLive.ts';
import { type Realm, spotApi, spotKeys } from './spotApi.ts';
import { type Book, toBook } from './spotMath.ts';
import { mergeTape, type TapeTrade } from './tape.ts';

/** At most ~5 renders a second from a busy book or tape. */
export const BOOK_RENDER_MS = 200;
/** All the levels the server sends (its top 20). */
export const BOOK_LEVELS = 20;
export const TAPE_LIMIT = 30;
const pace = (write: () => void) => createThrottle<null>(write, BOOK_RENDER_MS);

/** The order book of `symbol` in the user's realm: REST first, then every socket frame (full top 20). */
export function useBook(symbol: string, realm: Realm): Book | null {
  const { data } = useLive<Book>({
    queryKey: spotKeys.depth(symbol, realm),
    // A book that cannot be read shows as loading until the socket sends one.
    snapshot: () =>
      spotApi
        .depth(symbol, realm)
        .then((depth) => toBook(depth, BOOK_LEVELS) ?? Promise.reject(new Error('not a book'))),
    channel: bookChannel('depth', symbol, realm),
    merge: (current, frame) => toBook(frame, BOOK_LEVELS) ?? current,
    pace,
    dropOnLeave: true,
  });
  return data ?? null;
}

/**
 * Recent trades of `symbol`, newest first: REST first, then new ones from the socket, merged by
 * trade id (the channel replays its latest frame on subscribing, which the snapshot may hold).
 */
export function useTape(symbol: string, realm: Realm): TapeTrade[] | null {
  const { data } = useLive<TapeTrade[]>({
    queryKey: spotKeys.trades(symbol, realm),
    // Without the recent trades the tape starts empty and fills from the socket.
    snapshot: () =>
      spotApi
        .trades(symbol, realm, TAPE_LIMIT)
        .catch((): TapeTrade[] => [])
        .then((items) => mergeTape([], items, TAPE_LIMIT)),
    channel: bookChannel('trades', symbol, realm),
    merge: (current, frame) => mergeTape(current ?? [], frame, TAPE_LIMIT),
    pace,
    dropOnLeave: true,
  });
  return data ?? null;
}
