import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * The peer: the common naive broadcaster. A plain `ws` server keeping an array of clients that,
 * for every message, serialises the frame per client and sends it to all of them (no channels:
 * a subscribe is acknowledged, in our frame format, and otherwise ignored).
 */
export interface NaiveBroadcaster {
  url: string;
  broadcast(channel: string, seq: number, data: unknown): void;
  close(): Promise<void>;
}

export async function startNaiveBroadcaster(): Promise<NaiveBroadcaster> {
  const server: Server = createServer();
  const wss = new WebSocketServer({ server, path: '/ws', maxPayload: 4096 });
  const clients: WebSocket[] = [];
  wss.on('connection', (ws) => {
    clients.push(ws);
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { op?: string; channels?: string[] };
      if (frame.op === 'subscribe') ws.send(JSON.stringify({ type: 'subscribed', channels: frame.channels }));
    });
    ws.on('close', () => {
      clients.splice(clients.indexOf(ws), 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    broadcast(channel, seq, data) {
      for (const ws of clients) ws.send(JSON.stringify({ type: 'data', channel, seq, data }));
    },
    async close() {
      for (const ws of [...clients]) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The peer of the screens benchmark: the same naive broadcaster, holding subscriptions by channel
 * (no conflation): every message of a channel is serialised and sent to each of its subscribers.
 */
export async function startChannelBroadcaster(): Promise<NaiveBroadcaster> {
  const server: Server = createServer();
  const wss = new WebSocketServer({ server, path: '/ws', maxPayload: 4096 });
  const subscribers = new Map<string, Set<WebSocket>>();
  wss.on('connection', (ws) => {
    const held: string[] = [];
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { op?: string; channels?: string[] };
      if (frame.op !== 'subscribe') return;
      for (const ch of frame.channels ?? []) {
        subscribers.set(ch, (subscribers.get(ch) ?? new Set()).add(ws));
        held.push(ch);
      }
      ws.send(JSON.stringify({ type: 'subscribed', channels: frame.channels }));
    });
    ws.on('close', () => {
      for (const ch of held) subscribers.get(ch)?.delete(ws);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    broadcast(channel, seq, data) {
      for (const ws of subscribers.get(channel) ?? [])
        ws.send(JSON.stringify({ type: 'data', channel, seq, data }));
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
