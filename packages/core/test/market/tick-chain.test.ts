import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChainedTick,
  chainGenesis,
  chainTicks,
  minuteOf,
  tickHash,
  verifyTickChain,
} from '../../src/market/tick-chain.ts';

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);
const at = <T>(xs: readonly T[], i: number): T => {
  const x = xs[i];
  if (x === undefined) throw new Error(`no element ${i}`);
  return x;
};
/** n ticks of BTCUSDT a second apart from 12:00:00, price 60000 + i/4. */
const ticks = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    symbol: 'BTCUSDT',
    ts: T0 + i * 1000,
    price: `${60000 + i / 4}`,
    source: 'sim',
  }));
const headsOf = (chain: readonly ChainedTick[]) => {
  const last = new Map<number, string>();
  for (const t of chain) last.set(minuteOf(t.ts), t.hash);
  return [...last].map(([minute, hash]) => ({ minute, hash }));
};

describe('the index tick chain', () => {
  it('chains each tick on the one before, from the instrument genesis, the price in its shortest form', () => {
    const [first, second] = chainTicks({ seq: '0', hash: chainGenesis('BTCUSDT') }, ticks(2));
    expect(first?.seq).toBe('1');
    expect(first?.hash).toBe(
      tickHash(chainGenesis('BTCUSDT'), '1', { ...at(ticks(1), 0), price: '60000.000000000000000000' }),
    );
    expect(second?.hash).toBe(tickHash(first?.hash as string, '2', at(ticks(2), 1)));
    expect(chainGenesis('BTCUSDT')).not.toBe(chainGenesis('ETHUSDT'));
  });

  it("verifies a stretch through an order's ticks to its minutes' heads", () => {
    const chain = chainTicks({ seq: '0', hash: chainGenesis('BTCUSDT') }, ticks(150));
    // A stretch from tick 70 (12:01:10) to the end of 12:02: the hash before it, and two heads.
    const stretch = chain.slice(69);
    const wanted = [at(chain, 69), at(chain, 100)];
    expect(verifyTickChain(at(chain, 68).hash, stretch, headsOf(chain), wanted)).toEqual({ ok: true });
  });

  it('flags any tick altered after the fact, a gap, a cut stretch, a head not published and a tick not in it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 79 }),
        fc.constantFrom('price', 'ts', 'source'),
        (changed, field) => {
          const chain = chainTicks({ seq: '0', hash: chainGenesis('BTCUSDT') }, ticks(120));
          const stretch = chain.slice(40);
          const altered = stretch.map((t, i) =>
            i !== changed
              ? t
              : field === 'price'
                ? { ...t, price: `${t.price}1` }
                : field === 'ts'
                  ? { ...t, ts: t.ts + 1 }
                  : { ...t, source: 'x' },
          );
          expect(verifyTickChain(at(chain, 39).hash, altered, headsOf(chain), [])).toMatchObject({
            ok: false,
            reason: 'hash',
          });
        },
      ),
    );
    const chain = chainTicks({ seq: '0', hash: chainGenesis('BTCUSDT') }, ticks(120));
    const stretch = chain.slice(40);
    const heads = headsOf(chain);
    // Rewriting a tick AND every hash after it still misses the published head.
    const rewritten = chainTicks(
      { seq: '40', hash: at(chain, 39).hash },
      stretch.map((t, i) => (i === 5 ? { ...t, price: '1' } : t)),
    );
    expect(verifyTickChain(at(chain, 39).hash, rewritten, heads, [])).toEqual({ ok: false, reason: 'head' });
    expect(
      verifyTickChain(at(chain, 39).hash, [...stretch.slice(0, 10), ...stretch.slice(11)], heads, []),
    ).toMatchObject({
      ok: false,
      reason: 'seq',
    });
    expect(verifyTickChain(at(chain, 39).hash, stretch.slice(0, -5), heads, [])).toEqual({
      ok: false,
      reason: 'head',
    });
    expect(verifyTickChain(at(chain, 39).hash, stretch, heads.slice(0, 1), [])).toEqual({
      ok: false,
      reason: 'head',
    });
    expect(verifyTickChain(at(chain, 39).hash, stretch, heads, [{ ...at(stretch, 3), price: '2' }])).toEqual({
      ok: false,
      reason: 'missing',
    });
  });
});
