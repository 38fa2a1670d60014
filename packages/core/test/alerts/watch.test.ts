import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlertWatch } from '../../src/alerts/watch.ts';

const alert = (id: string, target: bigint, fires: 'above' | 'below', symbol = 'BTC/USDT') => ({
  id,
  symbol,
  target,
  fires,
});
const ids = (list: { id: string }[]) => list.map((a) => a.id);

describe('the alert watch', () => {
  it('fires the alerts a move crosses, in the order the price meets them, each once', () => {
    const w = new AlertWatch();
    w.tick('BTC/USDT', 100n);
    w.add(alert('a', 110n, 'above'));
    w.add(alert('b', 105n, 'above'));
    w.add(alert('c', 90n, 'below'));
    expect(ids(w.tick('BTC/USDT', 101n))).toEqual([]); // the check of the new ones: none reached
    expect(ids(w.tick('BTC/USDT', 110n))).toEqual(['b', 'a']);
    expect(ids(w.tick('BTC/USDT', 80n))).toEqual(['c']);
    expect(ids(w.tick('BTC/USDT', 120n))).toEqual([]);
    expect(w.size).toBe(0);
  });

  it('hears only its instrument’s ticks', () => {
    const w = new AlertWatch();
    w.tick('ETH/USDT', 100n);
    w.tick('BTC/USDT', 100n);
    w.add(alert('eth', 110n, 'above', 'ETH/USDT'));
    expect(ids(w.tick('BTC/USDT', 200n))).toEqual([]);
    expect(ids(w.tick('ETH/USDT', 111n))).toEqual(['eth']);
  });

  it('fires an alert met while nobody watched on the first price after it is added', () => {
    const w = new AlertWatch();
    w.add(alert('a', 110n, 'above'));
    w.add(alert('b', 90n, 'below'));
    expect(ids(w.tick('BTC/USDT', 115n))).toEqual(['a']);
    expect(w.has('b')).toBe(true);
  });

  it('forgets a removed alert', () => {
    const w = new AlertWatch();
    w.tick('BTC/USDT', 100n);
    w.add(alert('a', 110n, 'above'));
    w.remove('a');
    expect(ids(w.tick('BTC/USDT', 120n))).toEqual([]);
    expect(w.ids()).toEqual([]);
  });

  it('fires exactly the alerts a scan of every alert would, for any path of prices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 150 }),
        fc.array(fc.record({ target: fc.integer({ min: 1, max: 200 }), up: fc.boolean() }), {
          maxLength: 30,
        }),
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 40 }),
        (start, specs, path) => {
          const w = new AlertWatch();
          w.tick('X', BigInt(start));
          // As the service sets them: a rise above the price now, a fall below it.
          const live = specs
            .map((s, i) => alert(String(i), BigInt(s.target), s.up ? 'above' : 'below', 'X'))
            .filter((a) => (a.fires === 'above' ? a.target > BigInt(start) : a.target < BigInt(start)));
          for (const a of live) w.add(a);
          const fired = new Map<string, number>();
          let low = BigInt(start);
          let high = BigInt(start);
          path.forEach((p, step) => {
            for (const a of w.tick('X', BigInt(p))) {
              expect(fired.has(a.id)).toBe(false);
              fired.set(a.id, step);
            }
            if (BigInt(p) < low) low = BigInt(p);
            if (BigInt(p) > high) high = BigInt(p);
          });
          // The naive scan: an alert is met once the path's extreme reached it.
          const met = live.filter((a) => (a.fires === 'above' ? high >= a.target : low <= a.target));
          expect([...fired.keys()].sort()).toEqual(ids(met).sort());
        },
      ),
    );
  });
});
