import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('MARKET_FEED', () => {
  it("names the simulator by default, a trading venue's stream by `venue`, none by `off`", () => {
    expect(loadConfig({}).marketFeed).toBe('sim');
    expect(loadConfig({ MARKET_FEED: 'venue' })).toMatchObject({
      marketFeed: 'venue',
      marketFeedOldName: false,
    });
    expect(loadConfig({ MARKET_FEED: 'off' }).marketFeed).toBe('off');
  });

  it('still takes its old name `exchange` as `venue`, flagged so the start warns', () => {
    expect(loadConfig({ MARKET_FEED: 'exchange' })).toMatchObject({
      marketFeed: 'venue',
      marketFeedOldName: true,
    });
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => loadConfig({ MARKET_FEED: 'binance' })).toThrow(/MARKET_FEED/);
  });
});
