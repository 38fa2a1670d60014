import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalDecimal } from '../money/decimal.ts';

/**
 * The index ticks as an append-only hash chain, one per instrument (issue 29, decision 0142): each
 * stored tick carries its place in the chain (`seq`) and the hash of its fields with the previous
 * tick's hash; the head of each minute (its last tick's hash) is published and kept. A tick changed
 * after the fact changes every hash after it, so it no longer meets the published head. Seconds
 * contracts settle on stored ticks: a user recomputes the chain through their buy and settlement
 * ticks up to the minutes' heads.
 */
export interface Tick {
  symbol: string;
  /** Milliseconds since the epoch. */
  ts: number;
  price: string;
  source: string;
  /**
   * The venue trade the tick came from (a venue feed, decision 0152): the venue's name and its own
   * trade id, which a user looks up in the venue's public trades. Such a tick hashes as v2.
   */
  trade?: VenueTrade | undefined;
}

export interface VenueTrade {
  venue: string;
  id: string;
}

/**
 * What a venue's name and trade id may hold: no separator of the hashed text, so that no two
 * different ticks hash the same text.
 */
export const VENUE_TRADE_FIELD = /^[A-Za-z0-9._-]{1,64}$/;

export interface ChainedTick extends Tick {
  seq: string;
  hash: string;
}

/** Where an instrument's chain starts: the hash "before" its first tick. */
export const chainGenesis = (symbol: string) => hashText(`otc-ticks-v1|genesis|${symbol}`);

const hashText = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

/**
 * A tick's hash: its fields (the price in its shortest form) and the previous hash. A tick from a
 * venue trade hashes the venue and trade id too, under its own tag (v2), so neither can be changed
 * or dropped after the fact; a tick without one hashes as it always did (v1), so the chain stored
 * before stays verifiable and a chain may hold both.
 */
export function tickHash(previous: string, seq: string, t: Tick): string {
  const fields = `${t.symbol}|${seq}|${t.ts}|${canonicalDecimal(t.price)}|${t.source}`;
  if (!t.trade) return hashText(`otc-ticks-v1|${fields}|${previous}`);
  return hashText(`otc-ticks-v2|${fields}|${t.trade.venue}|${t.trade.id}|${previous}`);
}

/** Appends ticks (of one instrument, in order) after the chain's head. */
export function chainTicks(head: { seq: string; hash: string }, ticks: readonly Tick[]): ChainedTick[] {
  let seq = BigInt(head.seq);
  let hash = head.hash;
  return ticks.map((t) => {
    seq += 1n;
    hash = tickHash(hash, seq.toString(), t);
    return { ...t, seq: seq.toString(), hash };
  });
}

/** The minute a tick belongs to (its start, in ms): the unit of a published head. */
export const minuteOf = (ts: number) => Math.floor(ts / 60_000) * 60_000;

export type ChainCheck =
  | { ok: true }
  | { ok: false; reason: 'hash' | 'seq' | 'head' | 'missing'; seq?: string };

/**
 * Recomputes a stretch of one instrument's chain: from the hash before its first tick, every tick's
 * hash from its fields, seqs without a gap; the last tick of every minute in it must be that
 * minute's published head (so the stretch runs to each minute's end); and the ticks `wanted` (an order's buy and
 * settlement) must be in it, with those exact fields.
 */
export function verifyTickChain(
  previous: string,
  ticks: readonly ChainedTick[],
  heads: readonly { minute: number; hash: string }[],
  wanted: readonly Tick[],
): ChainCheck {
  let hash = previous;
  let seq: bigint | null = null;
  const lastOfMinute = new Map<number, string>();
  for (const t of ticks) {
    if (seq !== null && BigInt(t.seq) !== seq + 1n) return { ok: false, reason: 'seq', seq: t.seq };
    seq = BigInt(t.seq);
    hash = tickHash(hash, t.seq, t);
    if (hash !== t.hash) return { ok: false, reason: 'hash', seq: t.seq };
    lastOfMinute.set(minuteOf(t.ts), hash);
  }
  // Every minute the stretch touches ends at its published head (the stretch runs to each minute's end).
  for (const [minute, last] of lastOfMinute) {
    if (heads.find((h) => h.minute === minute)?.hash !== last) return { ok: false, reason: 'head' };
  }
  // A wanted tick names its trade only when the caller knows it: the chain's hash already binds it.
  const same = (a: Tick, w: Tick) =>
    a.symbol === w.symbol &&
    a.ts === w.ts &&
    a.source === w.source &&
    canonicalDecimal(a.price) === canonicalDecimal(w.price) &&
    (!w.trade || (a.trade?.venue === w.trade.venue && a.trade?.id === w.trade.id));
  for (const w of wanted) if (!ticks.some((t) => same(t, w))) return { ok: false, reason: 'missing' };
  return { ok: true };
}
