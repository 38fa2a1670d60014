import { describe, expect, it } from 'vitest';
import { findRoute } from './areas.ts';
import * as paths from './paths.ts';

const FUNCTIONS = new Set(['detailPath', 'ticketPath', 'tickHeadsPath']);

describe('the paths pages link to', () => {
  it('are all routes of the route table', () => {
    for (const [name, path] of Object.entries(paths)) {
      if (FUNCTIONS.has(name)) continue;
      expect(findRoute(path as string), name).toBeDefined();
    }
  });

  it("open each kind's ticket with the symbol and side in the query", () => {
    expect(paths.ticketPath('BTC/USDT', 'spot', 'sell')).toBe('/pages/index/buy?symbol=BTC%2FUSDT&side=sell');
    expect(paths.ticketPath('BTC-PERP', 'perp', 'buy')).toBe('/pages/index/Futures?symbol=BTC-PERP&side=buy');
    expect(paths.ticketPath('AAPL', 'cfd', 'buy')).toBe('/pages/option/stocksDetail?symbol=AAPL&side=buy');
  });

  it("open the public tick heads page on a contract's index", () => {
    const path = paths.tickHeadsPath('BTC/USDT');
    expect(path).toBe('/pages/assets/tickHeads?symbol=BTC%2FUSDT');
    expect(findRoute(path.split('?')[0] as string)?.public).toBe(true);
  });
});
