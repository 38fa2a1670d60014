import { units } from '@otc/core';
import { describe, expect, it } from 'vitest';
import { TriggerBook, type TriggerReason } from '../../src/positions/trigger/book.ts';
import type { WatchedPosition } from '../../src/positions/trigger/store.ts';

/** 0.4% maintenance on any notional: the design's worked example liquidates a 10x long of 1 at 100 at 90.36. */
const BRACKETS = [{ notionalUpTo: null, rate: units('0.004') }];

function setup(fail: (id: string) => boolean = () => false) {
  const submitted: { id: string; reason: TriggerReason }[] = [];
  const book = new TriggerBook({
    brackets: (symbol) => (symbol === 'BTC-PERP' ? BRACKETS : undefined),
    submit: async (id, reason) => {
      submitted.push({ id, reason });
      if (fail(id)) throw new Error('the close failed');
    },
  });
  return { book, submitted };
}

const position = (over: Partial<WatchedPosition> = {}): WatchedPosition => ({
  id: '1',
  realm: 'live',
  symbol: 'BTC-PERP',
  side: 'long',
  lots: '1',
  entry: '100',
  margin: '10',
  leverage: 10,
  closeOut: '0',
  tp: null,
  sl: null,
  status: 'open',
  ...over,
});

/** Lets a rejected submit's handler run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the trigger book', () => {
  it('fires a long’s take-profit once, when the mark reaches it', () => {
    const { book, submitted } = setup();
    book.tick('BTC-PERP', '100');
    book.track(position({ tp: '110', sl: '95' }));
    book.tick('BTC-PERP', '105');
    expect(submitted).toEqual([]);
    book.tick('BTC-PERP', '110');
    expect(submitted).toEqual([{ id: '1', reason: 'tp' }]);
    // Still open (the close is in flight): further ticks past it submit nothing more.
    book.tick('BTC-PERP', '108');
    book.tick('BTC-PERP', '112');
    expect(submitted).toHaveLength(1);
    expect(book.isClosing('1')).toBe(true);
    // The engine's change closes it: nothing is left watched.
    book.track(position({ tp: '110', sl: '95', status: 'closed' }));
    expect(book.size).toBe(0);
    expect(book.isClosing('1')).toBe(false);
  });

  it('fires a short’s stop-loss on a rise and a short’s take-profit on a fall', () => {
    const { book, submitted } = setup();
    book.tick('BTC-PERP', '100');
    book.track(position({ id: '7', side: 'short', tp: '90', sl: '104' }));
    book.track(position({ id: '8', side: 'short', tp: '97', sl: '120' }));
    book.tick('BTC-PERP', '101');
    book.tick('BTC-PERP', '104.5');
    expect(submitted).toEqual([{ id: '7', reason: 'sl' }]);
    book.tick('BTC-PERP', '96');
    expect(submitted).toEqual([
      { id: '7', reason: 'sl' },
      { id: '8', reason: 'tp' },
    ]);
  });

  it('on a gap through both, liquidates rather than stops out', () => {
    const { book, submitted } = setup();
    book.tick('BTC-PERP', '100');
    // Liquidation at 90.3614...; the stop below it (allowed) and a gap to 80 crosses both.
    book.track(position({ sl: '92' }));
    book.tick('BTC-PERP', '99');
    book.tick('BTC-PERP', '80');
    expect(submitted).toEqual([{ id: '1', reason: 'liquidation' }]);
  });

  it('liquidates at the bracketed liquidation price, not before', () => {
    const { book, submitted } = setup();
    book.tick('BTC-PERP', '100');
    book.track(position());
    book.tick('BTC-PERP', '99');
    book.tick('BTC-PERP', '90.37');
    expect(submitted).toEqual([]);
    book.tick('BTC-PERP', '90.36');
    expect(submitted).toEqual([{ id: '1', reason: 'liquidation' }]);
  });

  it('fires on the first tick a trigger that was crossed before it was loaded (a restart)', () => {
    const { book, submitted } = setup();
    // Loaded at start: no tick heard yet, the price already under the stop.
    book.track(position({ sl: '95' }));
    book.track(position({ id: '2', tp: '130' }));
    book.tick('BTC-PERP', '94');
    expect(submitted).toEqual([{ id: '1', reason: 'sl' }]);
  });

  it('keeps other instruments and realms apart', () => {
    const { book, submitted } = setup();
    book.tick('BTC-PERP', '100');
    book.tick('ETH-PERP', '100');
    book.track(position({ id: '1', realm: 'demo', tp: '101' }));
    book.track(position({ id: '2', symbol: 'ETH-PERP', tp: '101' }));
    book.tick('BTC-PERP', '100.5');
    book.tick('BTC-PERP', '102');
    expect(submitted).toEqual([{ id: '1', reason: 'tp' }]);
  });

  it('arms a position again when its close fails, and fires it on the next tick', async () => {
    let failing = true;
    const { book, submitted } = setup(() => failing);
    book.tick('BTC-PERP', '100');
    book.track(position({ tp: '105' }));
    book.tick('BTC-PERP', '106');
    await settle();
    expect(book.isClosing('1')).toBe(false);
    failing = false;
    book.tick('BTC-PERP', '106.5');
    expect(submitted).toEqual([
      { id: '1', reason: 'tp' },
      { id: '1', reason: 'tp' },
    ]);
  });

  it('moves a trigger when the position changes, and forgets one that was removed', () => {
    const { book, submitted } = setup();
    book.tick('BTC-PERP', '100');
    book.track(position({ tp: '110' }));
    book.track(position({ tp: '120', lots: '2', margin: '20' }));
    book.tick('BTC-PERP', '101');
    book.tick('BTC-PERP', '115');
    expect(submitted).toEqual([]);
    book.track(position({ tp: null, lots: '2', margin: '20' }));
    book.tick('BTC-PERP', '125');
    expect(submitted).toEqual([]);
  });

  it('touches only the positions a tick crosses', () => {
    const { book, submitted } = setup();
    book.tick('BTC-PERP', '100');
    // 2,000 longs with take-profits from 101 upwards; a move to 101.5 crosses only the first.
    for (let i = 0; i < 2000; i++) book.track(position({ id: String(i + 1), tp: String(101 + i) }));
    book.tick('BTC-PERP', '100.5');
    book.tick('BTC-PERP', '101.5');
    expect(submitted).toEqual([{ id: '1', reason: 'tp' }]);
  });
});

describe('a cross’s liquidation trigger (issue 23)', () => {
  it('is estimated at its USD leg’s rate and re-estimated when the leg moves', () => {
    let usdJpy = units('150');
    const submitted: string[] = [];
    const book = new TriggerBook({
      brackets: () => [{ notionalUpTo: null, rate: units('0.005') }],
      // EUR/JPY converts at 1 / USD/JPY.
      conversion: () => ({ kind: 'rate', num: units('1'), den: usdJpy }),
      submit: async (id) => {
        submitted.push(id);
      },
    });
    book.tick('EUR/JPY', '165');
    // 1000 EUR long at 165 with 11 USDT of margin: at USD/JPY 150 the margin is 1650 JPY, so it is
    // liquidated at (165000 - 1650) / 995 = 164.1708...; at 140 (1540 JPY) at 164.2864...
    book.track(position({ symbol: 'EUR/JPY', lots: '1000', entry: '165', margin: '11', leverage: 100 }));
    book.tick('EUR/JPY', '164.2');
    expect(submitted).toEqual([]);
    usdJpy = units('140');
    book.retrack('EUR/JPY');
    book.tick('EUR/JPY', '164.25');
    expect(submitted).toEqual(['1']);
  });
});
