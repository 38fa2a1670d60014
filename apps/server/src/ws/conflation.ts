import type { BatchEntry } from '@otc/protocol/socket/schemas';
import type { ChannelMessage } from '../bus/bus.ts';

/**
 * How a newer message of a conflated channel folds into the pending one: the value that stands for
 * both, or undefined when the older must go out on its own (a candle that closed).
 */
type Fold = (older: unknown, newer: unknown) => unknown;

const replace: Fold = (_older, newer) => newer;

/** `tickers` carries the tickers that changed: the newer of each symbol, in first-seen order. */
const mergeBySymbol: Fold = (older, newer) => {
  if (!Array.isArray(older) || !Array.isArray(newer)) return undefined;
  const bySymbol = new Map<unknown, unknown>();
  for (const t of [...older, ...newer]) bySymbol.set((t as { symbol?: unknown } | null)?.symbol, t);
  return [...bySymbol.values()];
};

/** A candle's later value replaces its earlier one; the next candle does not replace the last. */
const sameCandle: Fold = (older, newer) => {
  const t = (v: unknown) => (v as { t?: unknown } | null)?.t;
  return t(older) !== undefined && t(older) === t(newer) ? newer : undefined;
};

export function foldFor(channel: string): Fold {
  const kind = channel.split(':')[0];
  if (kind === 'tickers') return mergeBySymbol;
  if (kind === 'kline') return sameCandle;
  return replace;
}

/**
 * One conflated channel's messages since its last flush, folded into as few entries as keep their
 * meaning: a message whose seq follows the pending entry's folds into it; one that does not (a gap
 * on the bus, a repeat) starts an entry of its own, so the client sees the gap as it would have
 * without conflation and asks for a snapshot.
 */
export class PendingChannel {
  private entries: BatchEntry[] = [];
  private readonly fold: Fold;

  constructor(readonly channel: string) {
    this.fold = foldFor(channel);
  }

  add(m: ChannelMessage): void {
    const last = this.entries.at(-1);
    if (last && m.seq === last.seq + 1) {
      const data = this.fold(last.data, m.data);
      if (data !== undefined) {
        last.seq = m.seq;
        last.data = data;
        return;
      }
    }
    this.entries.push({ channel: this.channel, from: m.seq, seq: m.seq, data: m.data });
  }

  /** The entries to send (oldest first), leaving none pending. */
  take(): BatchEntry[] {
    const taken = this.entries;
    this.entries = [];
    return taken;
  }
}
