import { WebSocketServer } from 'ws';

/**
 * A local stand-in for a trading venue's public trade stream (the venue feed's peer): a socket
 * server that sends each connected client the Binance-style trade messages a test gives it.
 */
export async function standInVenue(): Promise<{
  url: string;
  /** Resolves once a client (the feed) is connected. */
  connected: () => Promise<void>;
  trade: (t: { id: number; symbol: string; price: string; ts: number }) => void;
  close: () => Promise<void>;
}> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}`,
    connected: () =>
      wss.clients.size > 0 ? Promise.resolve() : new Promise((r) => wss.once('connection', () => r())),
    trade: ({ id, symbol, price, ts }) => {
      const msg = JSON.stringify({
        e: 'trade',
        E: ts + 1,
        s: symbol,
        t: id,
        p: price,
        q: '0.01',
        T: ts,
        m: true,
      });
      for (const client of wss.clients) client.send(msg);
    },
    close: () =>
      new Promise((r) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => r());
      }),
  };
}
