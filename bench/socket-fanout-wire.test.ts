import type { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  acceptFor,
  checkUpgrade,
  FrameReader,
  type FrameSink,
  maskedFrame,
  WireClient,
} from './socket-fanout-wire.ts';

/** ws's own encoder and parser: the independent side of each check. */
type FrameOptions = { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean };
const { Sender, Receiver } = ws as unknown as {
  Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] };
  Receiver: new (options: { isServer: boolean }) => EventEmitter & { write(chunk: Buffer): void };
};
const frame = (opcode: number, payload: Buffer | string, fin = true, mask = false) =>
  Buffer.concat(
    Sender.frame(Buffer.from(payload), { fin, opcode, mask, readOnly: false, rsv1: false }) as Buffer[],
  );

function collect() {
  const seen: string[] = [];
  const sink: FrameSink = {
    message: (data, binary) => seen.push(`${binary ? 'binary' : 'text'} ${data.toString()}`),
    ping: (data) => seen.push(`ping ${data.toString()}`),
    close: (code, reason) => seen.push(`close ${code} ${reason}`),
  };
  return { seen, reader: new FrameReader(sink, 1_000_000) };
}

/** Feeds `bytes` in reads of `size` through one reused buffer, as the socket's `onread` does. */
function feed(reader: FrameReader, bytes: Buffer, size: number): boolean {
  const shared = Buffer.alloc(size);
  for (let i = 0; i < bytes.length; i += size) {
    const n = bytes.copy(shared, 0, i, i + size);
    if (!reader.push(shared, n)) return false;
    shared.fill(0xee);
  }
  return true;
}

describe('FrameReader', () => {
  const texts = [
    '',
    'a',
    'b'.repeat(125),
    'c'.repeat(126),
    'd'.repeat(65_535),
    'e'.repeat(65_536),
    'f'.repeat(70_001),
  ];
  const stream = Buffer.concat(texts.map((t) => frame(1, t)));

  it.each([1, 2, 9, 126, 4096, 65_536])(
    'reads the 7-bit, 126 and 127 length forms in reads of %i bytes',
    (size) => {
      const { seen, reader } = collect();
      // A partial frame is re-joined on each read, fine for the bench's frames of a few hundred
      // bytes: reads of a few bytes are kept to the small frames.
      const sent = size < 100 ? texts.slice(0, 4) : texts;
      expect(feed(reader, size < 100 ? Buffer.concat(sent.map((t) => frame(1, t))) : stream, size)).toBe(
        true,
      );
      expect(seen).toEqual(sent.map((t) => `text ${t}`));
    },
  );

  it('joins a fragmented message, with a ping between its fragments', () => {
    const { seen, reader } = collect();
    const bytes = Buffer.concat([
      frame(1, 'frag', false),
      frame(9, 'p1'),
      frame(0, 'men'.repeat(100), false),
      frame(0, 'ted'),
      frame(2, 'bin'),
      frame(8, Buffer.concat([Buffer.from([0x03, 0xf5]), Buffer.from('too slow')])),
    ]);
    expect(feed(reader, bytes, 7)).toBe(true);
    expect(seen).toEqual([
      'ping p1',
      `text frag${'men'.repeat(100)}ted`,
      'binary bin',
      'close 1013 too slow',
    ]);
  });

  it.each([
    ['a masked frame', frame(1, 'x', true, true), 'masked frame from the server'],
    ['an RSV bit', Buffer.from([0xc1, 0x01, 0x78]), 'RSV bit set, but no extension was negotiated'],
    ['a stray continuation', frame(0, 'x'), 'continuation frame outside a message'],
    [
      'a new message inside a fragmented one',
      Buffer.concat([frame(1, 'a', false), frame(1, 'b')]),
      'new message before the last one ended',
    ],
    ['a fragmented ping', frame(9, 'x', false), 'fragmented or long control frame'],
    ['an unknown opcode', frame(3, 'x'), 'unknown opcode 3'],
    ['a payload over the limit', frame(1, 'x'.repeat(1_000_001)), 'payload of 1000001 bytes'],
  ])('fails on %s', (_, bytes, error) => {
    const { seen, reader } = collect();
    expect(reader.push(bytes)).toBe(false);
    expect(reader.error).toBe(error);
    expect(seen).toEqual([]);
  });
});

describe('client frames and handshake', () => {
  it('masks its frames the way a server reads them', () => {
    const receiver = new Receiver({ isServer: true });
    const got: string[] = [];
    receiver.on('message', (data: Buffer) => got.push(data.toString()));
    for (const t of [
      '{"op":"subscribe","channels":["ticker:BTC/USDT"]}',
      'y'.repeat(300),
      'z'.repeat(70_000),
    ]) {
      const bytes = maskedFrame(1, Buffer.from(t));
      expect((bytes[1] as number) & 0x80).toBe(0x80);
      receiver.write(bytes);
    }
    expect(got.map((t) => t.length)).toEqual([49, 300, 70_000]);
  });

  it('checks the answer to its key (the example of RFC 6455 §1.3)', () => {
    const key = 'dGhlIHNhbXBsZSBub25jZQ==';
    expect(acceptFor(key)).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    const head = (status: string, accept: string, extra = '') =>
      `${status}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}${extra}`;
    expect(checkUpgrade(head('HTTP/1.1 101 Switching Protocols', acceptFor(key)), key)).toBeNull();
    expect(checkUpgrade(head('HTTP/1.1 200 OK', acceptFor(key)), key)).toBe('answered "HTTP/1.1 200 OK"');
    expect(checkUpgrade(head('HTTP/1.1 101 Switching Protocols', 'nope'), key)).toBe(
      'wrong Sec-WebSocket-Accept',
    );
    expect(
      checkUpgrade(
        head(
          'HTTP/1.1 101 Switching Protocols',
          acceptFor(key),
          '\r\nSec-WebSocket-Extensions: permessage-deflate',
        ),
        key,
      ),
    ).toBe('an extension that was not offered');
  });
});

describe('WireClient against a ws server', () => {
  const servers: WebSocketServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      for (const c of s.clients) c.terminate();
      await new Promise((r) => s.close(r));
    }
  });

  it('opens, reads messages of every length form and fragmented ones, pongs and closes cleanly', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/ws' });
    servers.push(wss);
    await new Promise((r) => wss.once('listening', r));
    const { port } = wss.address() as AddressInfo;
    const serverSide = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
    const got: string[] = [];
    let closedWith = '';
    const opened = new Promise<WireClient>((resolve) => {
      new WireClient(
        new URL(`ws://127.0.0.1:${port}/ws`),
        {
          open: resolve,
          message: (data) => got.push(data.toString()),
          closed: (_, reason) => {
            closedWith = reason;
          },
        },
        Buffer.alloc(1024),
      );
    });
    const client = await opened;
    const server = await serverSide;
    const fromClient = new Promise<string>((resolve) => server.once('message', (m) => resolve(m.toString())));
    client.send('{"op":"subscribe"}');
    expect(await fromClient).toBe('{"op":"subscribe"}');

    const pong = new Promise<string>((resolve) => server.once('pong', (data) => resolve(data.toString())));
    server.send('short');
    server.send('m'.repeat(1000));
    server.send('l'.repeat(100_000));
    server.send('frag-', { fin: false });
    server.ping('are you there');
    server.send('ment', { fin: true });
    expect(await pong).toBe('are you there');

    const serverClosed = new Promise<number>((resolve) => server.once('close', (code) => resolve(code)));
    server.close(1013, 'too slow');
    expect(await serverClosed).toBe(1013);
    expect(got.map((t) => (t.length > 20 ? `${t[0]}×${t.length}` : t))).toEqual([
      'short',
      'm×1000',
      'l×100000',
      'frag-ment',
    ]);
    expect(closedWith).toBe('closed by the server: 1013 too slow');
  });

  it('refuses a server that does not answer the handshake properly', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/ws' });
    servers.push(wss);
    await new Promise((r) => wss.once('listening', r));
    const { port } = wss.address() as AddressInfo;
    const reason = await new Promise<string>((resolve) => {
      new WireClient(
        new URL(`ws://127.0.0.1:${port}/elsewhere`),
        { open: () => resolve('opened'), message: () => undefined, closed: (_, r) => resolve(r) },
        Buffer.alloc(1024),
      );
    });
    expect(reason).toMatch(/^handshake: answered "HTTP\/1.1 400|connection closed/);
  });
});
