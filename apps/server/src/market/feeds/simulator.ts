import {
  CLASS_WALK,
  createRng,
  crossLegs,
  crossPrice,
  deriveSeed,
  formatUnits,
  isSessionOpen,
  parseUnits,
  priceToTicks,
  step,
  ticksToPrice,
} from '@otc/core';
import type { InstrumentSpec } from '../instruments.ts';
import type { PriceFeed } from './feed.ts';

/**
 * The embedded feed: a seeded random walk per instrument with its own index (per-class volatility
 * and jumps), ticking every `everyMs` while the instrument's session is open. A forex cross whose
 * USD legs both walk (EUR/JPY: EUR/USD and USD/JPY) does not walk: each tick derives it from its
 * legs' new prices, so the simulated rates stay consistent as real ones are. The same seed and
 * start prices give the same path (`walk` is exported for that test).
 */
export function simulatorFeed(
  instruments: InstrumentSpec[],
  startPrices: Map<string, string>,
  seed: string,
  everyMs = 1000,
  now: () => number = Date.now,
): PriceFeed {
  const own = instruments.filter((s) => !s.indexSymbol);
  const walked = new Set(own.map((s) => s.symbol));
  const legsOf = (spec: InstrumentSpec) =>
    spec.class === 'forex' ? crossLegs(spec, (symbol) => walked.has(symbol) && symbol !== spec.symbol) : null;
  const crosses = own.flatMap((spec) => {
    const legs = legsOf(spec);
    return legs ? [{ spec, legs, rng: createRng(deriveSeed(seed, spec.symbol, 'live')) }] : [];
  });
  const crossSymbols = new Set(crosses.map((c) => c.spec.symbol));
  const walks = own
    .filter((spec) => !crossSymbols.has(spec.symbol))
    .map((spec) => ({
      spec,
      rng: createRng(deriveSeed(seed, spec.symbol, 'live')),
      state: { ticks: priceToTicks(startPrices.get(spec.symbol) ?? spec.startPrice, spec.tickSize) },
    }));
  const last = new Map<string, string>();
  const volume = (spec: InstrumentSpec, rng: { next(): number }) =>
    formatUnits(parseUnits(spec.lotSize) * BigInt(Math.floor(rng.next() * 20) + 1));
  let timer: NodeJS.Timeout | undefined;
  return {
    source: 'simulator',
    start(emit) {
      timer = setInterval(() => {
        const ts = now();
        for (const w of walks) {
          if (!isSessionOpen(w.spec.session, ts)) continue;
          w.state = step(w.state, CLASS_WALK[w.spec.class], everyMs, w.rng);
          const price = ticksToPrice(w.state.ticks, w.spec.tickSize);
          last.set(w.spec.symbol, price);
          emit({ symbol: w.spec.symbol, price, volume: volume(w.spec, w.rng), ts });
        }
        for (const c of crosses) {
          if (!isSessionOpen(c.spec.session, ts)) continue;
          const [a, b] = [last.get(c.legs[0]), last.get(c.legs[1])];
          if (a === undefined || b === undefined) continue;
          emit({
            symbol: c.spec.symbol,
            price: crossPrice(c.legs, [a, b], c.spec.tickSize),
            volume: volume(c.spec, c.rng),
            ts,
          });
        }
      }, everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
