import type { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../../src/ws/frame.ts';

/** The RFC 6455 §5.2 header, read back byte by byte. */
function parseHeader(bytes: Buffer) {
  const fin = (bytes[0] as number) >> 7;
  const rsv = ((bytes[0] as number) >> 4) & 0b111;
  const opcode = (bytes[0] as number) & 0x0f;
  const masked = (bytes[1] as number) >> 7;
  const length7 = (bytes[1] as number) & 0x7f;
  let length = length7;
  let offset = 2;
  if (length7 === 126) {
    length = bytes.readUInt16BE(2);
    offset = 4;
  } else if (length7 === 127) {
    length = Number(bytes.readBigUInt64BE(2));
    offset = 10;
  }
  return { fin, rsv, opcode, masked, length7, length, offset };
}

/** ws's own parser, as a client reads the frame: the independent check. */
type Receiver = EventEmitter & { write(chunk: Buffer): void };
const { Receiver: WsReceiver } = ws as unknown as {
  Receiver: new (options: { isServer: boolean }) => Receiver;
};
function receive(bytes: Buffer, chunk: number): string[] {
  const receiver = new WsReceiver({ isServer: false });
  const messages: string[] = [];
  receiver.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(false);
    messages.push(data.toString());
  });
  receiver.on('error', (err: Error) => {
    throw err;
  });
  for (let i = 0; i < bytes.length; i += chunk) receiver.write(bytes.subarray(i, i + chunk));
  return messages;
}

describe('textFrame', () => {
  it.each([
    { text: '', length7: 0, offset: 2 },
    { text: 'x'.repeat(125), length7: 125, offset: 2 },
    { text: 'x'.repeat(126), length7: 126, offset: 4 },
    { text: 'x'.repeat(65_535), length7: 126, offset: 4 },
    { text: 'x'.repeat(65_536), length7: 127, offset: 10 },
    { text: 'x'.repeat(200_000), length7: 127, offset: 10 },
  ])('frames $text.length bytes with the 7-bit length $length7', ({ text, length7, offset }) => {
    const { bytes, payload } = textFrame(text);
    const header = parseHeader(bytes);
    expect(header).toEqual({ fin: 1, rsv: 0, opcode: 1, masked: 0, length7, length: text.length, offset });
    expect(bytes.length).toBe(offset + text.length);
    expect(payload.toString()).toBe(text);
    expect(bytes.subarray(offset).equals(payload)).toBe(true);
    expect(receive(bytes, bytes.length)).toEqual([text]);
  });

  it('counts the length in UTF-8 bytes, not in characters', () => {
    const text = JSON.stringify({ msg: 'Zu viele Kanäle — 频道太多' }).repeat(3);
    const { bytes, payload } = textFrame(text);
    const header = parseHeader(bytes);
    expect(header.length).toBe(Buffer.byteLength(text));
    expect(header.length).toBeGreaterThan(text.length);
    expect(header.length7).toBe(126);
    expect(payload.toString('utf8')).toBe(text);
    expect(receive(bytes, bytes.length)).toEqual([text]);
  });

  it('is read back whole when it arrives in pieces, and frames follow each other', () => {
    const texts = ['{"a":1}', 'y'.repeat(300), 'z'.repeat(70_000)];
    const stream = Buffer.concat(texts.map((t) => textFrame(t).bytes));
    for (const chunk of [5, 127, 4096]) expect(receive(stream, chunk)).toEqual(texts);
    const small = texts.slice(0, 2);
    const bytes = Buffer.concat(small.map((t) => textFrame(t).bytes));
    expect(receive(bytes, 1)).toEqual(small);
  });
});
