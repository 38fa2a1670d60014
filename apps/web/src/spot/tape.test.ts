import { describe, expect, it } from 'vitest';
import { mergeTape, type TapeTrade } from './tape.ts';

const trade = (id: string, price = '100'): TapeTrade => ({
  id,
  price,
  qty: '1',
  takerSide: 'buy',
  time: '2026-01-01T00:00:00.000Z',
});
const ids = (tape: TapeTrade[]) => tape.map((t) => t.id);

describe('mergeTape', () => {
  it('shows a trade once when the channel replays what the snapshot already holds (after a reload)', () => {
    const snapshot = mergeTape([], [trade('12'), trade('11'), trade('10')], 30);
    // The channel's replay of its latest frame: the newest trade again.
    const afterReplay = mergeTape(snapshot, [trade('12')], 30);
    expect(ids(afterReplay)).toEqual(['12', '11', '10']);
    expect(afterReplay).toBe(snapshot);
  });

  it('puts new trades on top, newest first, whatever order a frame lists them in', () => {
    const tape = mergeTape([trade('10')], [trade('11'), trade('13'), trade('12')], 30);
    expect(ids(tape)).toEqual(['13', '12', '11', '10']);
  });

  it('orders ids as numbers, not text (9 before 10), and keeps the newest `limit`', () => {
    const tape = mergeTape([trade('9'), trade('8')], [trade('10'), trade('100')], 3);
    expect(ids(tape)).toEqual(['100', '10', '9']);
  });

  it('places a frame that arrived while the snapshot loaded by id, not on top', () => {
    // The live frame (id 21) came first; the snapshot (up to 21, older ones) lands after it.
    const live = mergeTape([], [trade('21')], 30);
    const merged = mergeTape(live, [trade('21'), trade('20'), trade('19')], 30);
    expect(ids(merged)).toEqual(['21', '20', '19']);
  });

  it('drops malformed entries and ones without an id', () => {
    const tape = [trade('1')];
    const { id: _, ...noId } = trade('2');
    expect(mergeTape(tape, [{ nope: 1 }, noId, { ...trade('3'), id: 'x' }, null], 5)).toBe(tape);
    expect(ids(mergeTape(tape, trade('4'), 5))).toEqual(['4', '1']);
  });
});
