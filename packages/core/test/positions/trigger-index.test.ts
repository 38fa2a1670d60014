import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isTriggered,
  positionTriggers,
  type TriggerDirection,
  TriggerIndex,
} from '../../src/positions/trigger-index.ts';

describe('the trigger index', () => {
  it('returns, on a rise, the triggers above the old mark up to the new one, in the order met', () => {
    const index = new TriggerIndex();
    index.add('1:tp', 110n, 'above');
    index.add('2:sl', 105n, 'above');
    index.add('3:liq', 120n, 'above');
    index.add('4:sl', 95n, 'below');
    expect(index.crossed(100n, 110n)).toEqual(['2:sl', '1:tp']);
    expect(index.crossed(110n, 119n)).toEqual([]); // 110 was already reached
    expect(index.crossed(100n, 100n)).toEqual([]);
  });

  it('returns, on a fall, the triggers below the old mark down to the new one, in the order met', () => {
    const index = new TriggerIndex();
    index.add('a', 95n, 'below');
    index.add('b', 90n, 'below');
    index.add('c', 80n, 'below');
    index.add('d', 99n, 'above');
    expect(index.crossed(100n, 90n)).toEqual(['a', 'b']);
    expect(index.crossed(95n, 90n)).toEqual(['b']);
  });

  it('moves a trigger by adding it again and forgets a removed one', () => {
    const index = new TriggerIndex<number>();
    index.add(7, 110n, 'above');
    index.add(7, 130n, 'above');
    expect(index.size).toBe(1);
    expect(index.crossed(100n, 120n)).toEqual([]);
    expect(index.crossed(100n, 130n)).toEqual([7]);
    expect(index.remove(7)).toBe(true);
    expect(index.remove(7)).toBe(false);
    expect(index.crossed(100n, 200n)).toEqual([]);
  });

  it("gives a long's TP above and its SL and liquidation below, a short's the other way round", () => {
    expect(positionTriggers('long', { tp: 110n, sl: 95n, liquidation: 90n })).toEqual([
      { kind: 'tp', price: 110n, fires: 'above' },
      { kind: 'sl', price: 95n, fires: 'below' },
      { kind: 'liquidation', price: 90n, fires: 'below' },
    ]);
    expect(positionTriggers('short', { tp: 90n, sl: null, liquidation: 109n })).toEqual([
      { kind: 'tp', price: 90n, fires: 'below' },
      { kind: 'liquidation', price: 109n, fires: 'above' },
    ]);
  });

  it('says whether a trigger set past the mark has already fired', () => {
    expect(isTriggered(100n, 'above', 100n)).toBe(true);
    expect(isTriggered(100n, 'above', 99n)).toBe(false);
    expect(isTriggered(100n, 'below', 101n)).toBe(false);
  });

  type Op =
    | { op: 'add'; id: number; price: bigint; fires: TriggerDirection }
    | { op: 'remove'; id: number }
    | { op: 'tick'; next: bigint };
  // Few distinct prices and ids: equal prices, moves and removals happen often; tiny buckets split
  // and empty often.
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        op: fc.constant('add' as const),
        id: fc.integer({ min: 0, max: 800 }),
        price: fc.bigInt({ min: 0n, max: 400n }),
        fires: fc.constantFrom<TriggerDirection>('above', 'below'),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 800 }) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant('tick' as const), next: fc.bigInt({ min: 0n, max: 400n }) }),
    },
  );

  it('gives exactly what a plain scan of every trigger gives', () => {
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 1500, size: 'max' }),
        fc.bigInt({ min: 0n, max: 400n }),
        fc.constantFrom(1, 2, 8, 512),
        (ops, start, load) => {
          const index = new TriggerIndex<number>(load);
          const plain = new Map<number, { price: bigint; fires: TriggerDirection }>();
          let mark = start;
          for (const o of ops) {
            if (o.op === 'add') {
              index.add(o.id, o.price, o.fires);
              plain.set(o.id, { price: o.price, fires: o.fires });
            } else if (o.op === 'remove') {
              if (index.remove(o.id) !== plain.delete(o.id)) expect.fail(`remove ${o.id}`);
            } else {
              const got = index.crossed(mark, o.next);
              const want = [...plain]
                .filter(([, t]) =>
                  t.fires === 'above'
                    ? mark < t.price && t.price <= o.next
                    : o.next <= t.price && t.price < mark,
                )
                .map(([id]) => id);
              expect([...got].sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
              // In the order the mark meets them.
              const prices = got.map((id) => plain.get(id)?.price as bigint);
              const met = [...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
              expect(prices).toEqual(o.next > mark ? met : met.reverse());
              mark = o.next;
              expect(index.size).toBe(plain.size);
            }
          }
          // A full sweep each way sees every trigger of its direction.
          const all = [...index.crossed(-1n, 401n), ...index.crossed(401n, -1n)];
          expect(all.length).toBe(plain.size);
        },
      ),
      { numRuns: 25 },
    );
  });
});
