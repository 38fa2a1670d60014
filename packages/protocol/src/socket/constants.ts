/** The socket's limits and channel names without zod, for the web's socket client. */
import { CANDLE_INTERVALS } from '../market/constants.ts';

export const SOCKET_LIMITS = {
  /** Channels one connection may hold at once. */
  maxChannels: 100,
  /** Frames a client may send per second before it is closed. */
  maxFramesPerSecond: 20,
  /** Largest frame accepted from a client, in bytes. */
  maxFrameBytes: 4096,
  /** The server pings this often; a client that has not answered by the next ping is dropped. */
  heartbeatMs: 20_000,
} as const;

/**
 * The private channel: after `auth`, the caller's own events (`UserEvent`). The server drops it
 * whenever the connection's identity ends or changes.
 */
export const USER_CHANNEL = 'user';

const SYMBOL = '[A-Z0-9]{1,12}(?:[/-][A-Z0-9]{1,12})?';
// Pure: a bundle that imports these constants but not the pattern (the web's socket client) drops it.
export const CHANNEL_PATTERN = /* @__PURE__ */ new RegExp(
  `^(tickers|user|ticker:${SYMBOL}|trades:${SYMBOL}(?::demo)?|depth:${SYMBOL}(?::demo)?|kline:${SYMBOL}:(${CANDLE_INTERVALS.join('|')}))$`,
);
