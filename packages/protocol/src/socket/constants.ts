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
 * Conflation (decision 0157): the public channels whose every message is the whole current value
 * (or, for `tickers`, the tickers that changed) reach a connection at most once per cadence, the
 * latest value of each in one `batch` frame; trades and the private `user` channel are never
 * conflated and go out as they come. Cadences in ms, all multiples of the gateway's tick.
 */
export const CONFLATION = {
  tickMs: 100,
  /** The markets list and home: all tickers, or one instrument's ticker per row. */
  tickers: 500,
  ticker: 500,
  /** The trade screen's book. */
  depth: 100,
  /** The chart's open candle. */
  kline: 1000,
} as const;

/** A channel's conflation cadence in ms, or null for a channel whose every message goes out. */
export function conflationMs(channel: string): number | null {
  const kind = channel.split(':')[0];
  if (kind === 'tickers' || kind === 'ticker' || kind === 'depth' || kind === 'kline')
    return CONFLATION[kind];
  return null;
}

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
