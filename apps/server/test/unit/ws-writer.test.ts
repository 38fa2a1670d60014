import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { textFrame } from '../../src/ws/frame.ts';
import { FrameWriter } from '../../src/ws/writer.ts';

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    for (const c of s.clients) c.terminate();
    await new Promise((r) => s.close(r));
  }
});

/** A ws server and one real client over TCP; resolves with both ends once open. */
async function pair(perMessageDeflate: boolean) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
  servers.push(wss);
  await new Promise((r) => wss.once('listening', r));
  const { port } = wss.address() as AddressInfo;
  const serverSide = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${port}`, {
    perMessageDeflate: perMessageDeflate ? { threshold: 0 } : false,
  });
  const received: string[] = [];
  let pings = 0;
  client.on('message', (m) => received.push(m.toString()));
  client.on('ping', () => {
    received.push(`ping ${pings++}`);
  });
  await new Promise((r) => client.once('open', r));
  return { server: await serverSide, client, received };
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('FrameWriter', () => {
  it('writes the frame bytes straight to the socket, in order with the frames ws writes itself', async () => {
    const { server, client, received } = await pair(false);
    expect(server.extensions).toBe('');
    const socketWrite = vi.spyOn((server as unknown as { _socket: Socket })._socket, 'write');
    const out = new FrameWriter(server);
    const frame = textFrame('{"type":"data","seq":1}');
    out.write(frame);
    server.send('two');
    server.ping();
    out.write(textFrame('x'.repeat(70_000)));
    out.write(frame);
    expect(socketWrite.mock.calls.filter(([chunk]) => chunk === frame.bytes)).toHaveLength(2);
    await until(() => received.length === 5);
    expect(received.map((m) => (m.length > 100 ? `${m[0]}×${m.length}` : m))).toEqual([
      '{"type":"data","seq":1}',
      'two',
      'ping 0',
      'x×70000',
      '{"type":"data","seq":1}',
    ]);
    expect(out.buffered()).toBe(server.bufferedAmount);
    client.close();
  });

  it('queues behind ws while it compresses, so frames still arrive in order', async () => {
    const { server, client, received } = await pair(true);
    expect(server.extensions).toBe('permessage-deflate');
    const socketWrite = vi.spyOn((server as unknown as { _socket: Socket })._socket, 'write');
    const out = new FrameWriter(server);
    const texts = Array.from({ length: 50 }, (_, i) => `{"seq":${i}}`);
    const direct: Buffer[] = [];
    for (const [i, t] of texts.entries()) {
      if (i % 3 === 0) server.send(t);
      else {
        const frame = textFrame(t);
        direct.push(frame.bytes);
        out.write(frame);
      }
    }
    // ws was compressing the first message all along: not one frame jumped its queue.
    expect(socketWrite.mock.calls.filter(([chunk]) => direct.includes(chunk as Buffer))).toEqual([]);
    expect(out.buffered()).toBe(server.bufferedAmount);
    await until(() => received.length === texts.length);
    expect(received).toEqual(texts);
    client.close();
  });

  it('writes nothing once the connection is closing', async () => {
    const { server, client, received } = await pair(false);
    const out = new FrameWriter(server);
    out.write(textFrame('before'));
    server.close(1013, 'too slow');
    out.write(textFrame('after'));
    const closed = await new Promise<[number, string]>((resolve) =>
      client.once('close', (code, reason) => resolve([code, reason.toString()])),
    );
    expect(closed).toEqual([1013, 'too slow']);
    expect(received).toEqual(['before']);
  });
});
