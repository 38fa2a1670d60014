import { describe, expect, it } from 'vitest';
import { klineChannel, TICKERS_CHANNEL, tickerChannel } from '../src/market/channels.ts';
import { CANDLE_INTERVALS } from '../src/market/constants.ts';
import { CHANNEL_PATTERN, USER_CHANNEL } from '../src/socket/constants.ts';
import { bookChannel } from '../src/spot/channels.ts';

describe('socket channel names', () => {
  it('uses the demo channels for the demo realm', () => {
    expect(bookChannel('depth', 'BTC/USDT', 'live')).toBe('depth:BTC/USDT');
    expect(bookChannel('trades', 'BTC/USDT', 'demo')).toBe('trades:BTC/USDT:demo');
  });

  it('names only channels the server accepts', () => {
    const names = [
      TICKERS_CHANNEL,
      USER_CHANNEL,
      tickerChannel('EUR/USD'),
      tickerChannel('BTC-PERP'),
      ...CANDLE_INTERVALS.map((i) => klineChannel('BTC/USDT', i)),
      ...(['live', 'demo'] as const).flatMap((realm) => [
        bookChannel('depth', 'ETH/USDT', realm),
        bookChannel('trades', 'ETH/USDT', realm),
      ]),
    ];
    for (const name of names) expect(name, name).toMatch(CHANNEL_PATTERN);
    expect(tickerChannel('BTC/USDT:demo')).not.toMatch(CHANNEL_PATTERN);
  });
});
