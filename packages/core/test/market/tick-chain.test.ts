import { createHash } from 'node:crypto';
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

describe('ticks from a venue trade (v2, decision 0152)', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  /** Ticks 0..n-1 as above; every `every`th from a Binance trade numbered 9000 + i. */
  const mixed = (n: number, every: number) =>
    ticks(n).map((t, i) =>
      i % every === 0 ? { ...t, source: 'venue', trade: { venue: 'binance', id: `${9000 + i}` } } : t,
    );

  it('hashes a venue tick with its venue and trade id under v2, and a tick without one as v1 did', () => {
    const genesis = chainGenesis('BTCUSDT');
    const [plain] = chainTicks({ seq: '0', hash: genesis }, ticks(1));
    // v1 exactly as decision 0142 wrote it, computed here apart from the module: old chains still verify.
    expect(plain?.hash).toBe(sha(`otc-ticks-v1|BTCUSDT|1|${T0}|60000|sim|${genesis}`));
    const [venue] = chainTicks({ seq: '0', hash: genesis }, mixed(1, 1));
    expect(venue?.hash).toBe(sha(`otc-ticks-v2|BTCUSDT|1|${T0}|60000|venue|binance|9000|${genesis}`));
  });

  it('verifies a chain holding both kinds, and flags a trade id or venue changed, added or dropped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 79 }),
        fc.constantFrom('id', 'venue', 'drop', 'add'),
        (every, changed, how) => {
          const chain = chainTicks({ seq: '0', hash: chainGenesis('BTCUSDT') }, mixed(120, every));
          const stretch = chain.slice(40);
          const heads = headsOf(chain);
          const wanted = [at(stretch, 0), at(stretch, 70)];
          expect(verifyTickChain(at(chain, 39).hash, stretch, heads, wanted)).toEqual({ ok: true });
          const target = at(stretch, changed);
          const edit = (t: ChainedTick): ChainedTick | null => {
            if (how === 'add') return t.trade ? null : { ...t, trade: { venue: 'binance', id: '1' } };
            if (!t.trade) return null;
            if (how === 'drop') return { ...t, trade: undefined };
            return { ...t, trade: { ...t.trade, [how]: `${t.trade[how as 'id' | 'venue']}1` } };
          };
          const edited = edit(target);
          fc.pre(edited !== null);
          const altered = stretch.map((t, i) => (i === changed ? (edited as ChainedTick) : t));
          expect(verifyTickChain(at(chain, 39).hash, altered, heads, [])).toMatchObject({
            ok: false,
            reason: 'hash',
          });
        },
      ),
    );
  });

  it("finds a wanted tick by its trade when the caller names one, and misses it under another trade's id", () => {
    const chain = chainTicks({ seq: '0', hash: chainGenesis('BTCUSDT') }, mixed(120, 1));
    const stretch = chain.slice(40);
    const { seq: _s, hash: _h, ...wanted } = at(stretch, 3);
    expect(verifyTickChain(at(chain, 39).hash, stretch, headsOf(chain), [wanted])).toEqual({ ok: true });
    const other = { ...wanted, trade: { venue: 'binance', id: '1' } };
    expect(verifyTickChain(at(chain, 39).hash, stretch, headsOf(chain), [other])).toEqual({
      ok: false,
      reason: 'missing',
    });
  });
});
