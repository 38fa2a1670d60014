import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { IndexTick, PriceFeed } from '../../../src/market/feeds/feed.ts';
import { venueFeed } from '../../../src/market/feeds/venue.ts';

const recording = readFileSync(path.join(import.meta.dirname, '../../fixtures/venue-trades.jsonl'), 'utf8')
  .trim()
  .split('\n');
const SYMBOLS = new Map([
  ['BTCUSDT', 'BTC/USDT'],
  ['ETHUSDT', 'ETH/USDT'],
]);

/** A local socket server that replays a recorded venue stream to each client, then (optionally) hangs up. */
async function replayServer(
  hangUp: boolean,
): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  let connections = 0;
  wss.on('connection', (ws) => {
    connections += 1;
    for (const line of recording) ws.send(line);
    if (hangUp) setTimeout(() => ws.close(), 50);
  });
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise((r) => wss.close(() => r())),
  };
}

const waitUntil = async (ok: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the venue feed adapter against a replayed recording', () => {
  let feed: PriceFeed | undefined;
  afterEach(() => feed?.stop());

  it('turns trades into exact index ticks and skips what it cannot trust', async () => {
    const server = await replayServer(false);
    const ticks: IndexTick[] = [];
    feed = venueFeed(server.url, SYMBOLS);
    feed.start((t) => ticks.push(t));
    await waitUntil(() => ticks.length >= 4);
    // Each with the venue's trade id (`t`), named with the venue (decision 0152).
    const trade = (id: string) => ({ venue: 'binance', id });
    expect(ticks).toEqual([
      { symbol: 'BTC/USDT', price: '67251.1', volume: '0.012', ts: 1795310000000, trade: trade('1') },
      { symbol: 'ETH/USDT', price: '3521.55', volume: '0.5', ts: 1795310000100, trade: trade('2') },
      { symbol: 'BTC/USDT', price: '67252', volume: '0.003', ts: 1795310000200, trade: trade('3') },
      { symbol: 'BTC/USDT', price: '67249.9', volume: '0.25', ts: 1795310000600, trade: trade('4') },
    ]);
    feed.stop();
    await server.close();
  });

  it('reconnects when the venue drops the connection', async () => {
    const server = await replayServer(true);
    const ticks: IndexTick[] = [];
    feed = venueFeed(server.url, SYMBOLS);
    feed.start((t) => ticks.push(t));
    await waitUntil(() => server.connections() >= 2 && ticks.length >= 8);
    expect(ticks.slice(4, 8)).toEqual(ticks.slice(0, 4));
    feed.stop();
    await server.close();
  });
});
