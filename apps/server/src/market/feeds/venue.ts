import { canonicalDecimal, isDecimal, parseUnits, VENUE_TRADE_FIELD } from '@otc/core';
import WebSocket from 'ws';
import type { IndexTick, PriceFeed } from './feed.ts';

/**
 * A trading venue's public trade stream as the index (a real exchange such as Binance; "venue", as
 * "exchange" in this code is the flash exchange): Binance-style JSON trade messages
 * (`{"e":"trade","s":"BTCUSDT","p":"67000.10","q":"0.012","T":1700000000000}`, bare or wrapped
 * as `{"stream":..., "data":{...}}`). Prices stay strings end to end. The trade's id (`t`) goes
 * with the tick, named with `venue`, so a user can find it in the venue's public trades (decision
 * 0152); a message without one gives a tick without it. Unknown symbols and malformed messages are
 * skipped; a dropped connection is retried with backoff.
 */
export function venueFeed(
  url: string,
  /** The venue's symbol (BTCUSDT) to ours (BTC/USDT). */
  symbols: Map<string, string>,
  onError: (err: unknown) => void = () => undefined,
  /** The platform clock: the time of a trade message that carries none. */
  now: () => number = Date.now,
  /** The venue's name, stored with each trade id. */
  venue = 'binance',
): PriceFeed {
  let socket: WebSocket | undefined;
  let stopped = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const parse = (raw: string): IndexTick | null => {
    let msg: unknown;
    try {
      msg = JSON.parse(raw);
    } catch {
      return null;
    }
    const m = ((msg as { data?: unknown }).data ?? msg) as Record<string, unknown>;
    if (m.e !== 'trade' || typeof m.s !== 'string' || typeof m.p !== 'string' || typeof m.q !== 'string')
      return null;
    const symbol = symbols.get(m.s);
    if (!symbol || !isDecimal(m.p) || !isDecimal(m.q) || parseUnits(m.p) <= 0n) return null;
    const ts = typeof m.T === 'number' && Number.isFinite(m.T) ? m.T : now();
    const id = tradeId(m.t);
    const tick = { symbol, price: canonicalDecimal(m.p), volume: canonicalDecimal(m.q), ts };
    return id === null ? tick : { ...tick, trade: { venue, id } };
  };

  return {
    source: 'venue',
    start(emit) {
      const connect = () => {
        socket = new WebSocket(url);
        socket.on('open', () => {
          retryMs = 500;
        });
        socket.on('message', (data) => {
          const tick = parse(data.toString());
          if (tick) emit(tick);
        });
        socket.on('error', onError);
        socket.on('close', () => {
          if (stopped) return;
          timer = setTimeout(connect, retryMs);
          retryMs = Math.min(retryMs * 2, 30_000);
        });
      };
      connect();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
}

/** A venue's trade id as text: a whole number (Binance's), or a string fit to hash; else none. */
function tradeId(t: unknown): string | null {
  if (typeof t === 'number') return Number.isSafeInteger(t) && t >= 0 ? String(t) : null;
  return typeof t === 'string' && VENUE_TRADE_FIELD.test(t) ? t : null;
}
