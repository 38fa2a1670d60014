import type { Instrument } from '@otc/protocol/market/schemas';

/** Lower case, without the separators people leave out ("btc/usdt", "BTC-USDT" and "btcusdt" match). */
const fold = (text: string) => text.toLowerCase().replace(/[\s/_-]+/g, '');

/**
 * The pairs whose symbol or name holds `text` (case and separators ignored), symbols that start
 * with it first, each group in the order given. An empty search gives every pair.
 */
export function searchPairs<P extends Pick<Instrument, 'symbol' | 'name'>>(
  pairs: readonly P[],
  text: string,
): P[] {
  const q = fold(text);
  if (q === '') return [...pairs];
  const starts: P[] = [];
  const contains: P[] = [];
  for (const p of pairs) {
    const symbol = fold(p.symbol);
    if (symbol.startsWith(q)) starts.push(p);
    else if (symbol.includes(q) || fold(p.name).includes(q)) contains.push(p);
  }
  return [...starts, ...contains];
}
