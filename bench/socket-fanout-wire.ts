import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import net from 'node:net';

/**
 * A minimal WebSocket client (RFC 6455) for the load generator: a real TCP connection per client,
 * the HTTP Upgrade handshake, frame parsing, pongs and the closing handshake, with little of the
 * per-message work a general client does (no events per frame, no stream, no copy of a frame that
 * arrives whole). No extensions are offered, so frames carry no RSV bits.
 */

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;
const HEAD_END = Buffer.from('\r\n\r\n');
const MAX_HEAD_BYTES = 16 * 1024;

/** What a frame reader hands on: whole messages and the control frames. */
export interface FrameSink {
  /** A whole message. `data` may be the caller's read buffer: valid only during the call. */
  message(data: Buffer, binary: boolean): void;
  ping(data: Buffer): void;
  close(code: number, reason: string): void;
}

/**
 * Reads the frames of a server's byte stream (RFC 6455 §5.2), whatever the reads' sizes: the
 * 7-bit, 16-bit (126) and 64-bit (127) payload lengths, fragmented messages (with control frames
 * between their fragments), and the protocol errors a client must fail on.
 */
export class FrameReader {
  /** Bytes of an incomplete frame, copied out of the caller's buffer. */
  private rest: Buffer | null = null;
  private fragments: Buffer[] | null = null;
  private fragmentsBinary = false;
  error: string | null = null;

  constructor(
    private readonly sink: FrameSink,
    private readonly maxPayload = 16 * 1024 * 1024,
  ) {}

  /** Feeds `chunk[0, end)`; the caller may reuse `chunk` afterwards. False once the stream is invalid. */
  push(chunk: Buffer, end = chunk.length): boolean {
    if (this.error) return false;
    let data = chunk;
    let length = end;
    if (this.rest) {
      data = Buffer.concat([this.rest, chunk.subarray(0, end)]);
      length = data.length;
      this.rest = null;
    }
    let at = 0;
    while (length - at >= 2) {
      const b0 = data[at] as number;
      const b1 = data[at + 1] as number;
      if (b0 & 0x70) return this.fail('RSV bit set, but no extension was negotiated');
      if (b1 & 0x80) return this.fail('masked frame from the server');
      let size = b1 & 0x7f;
      let header = 2;
      if (size === 126) {
        if (length - at < 4) break;
        size = data.readUInt16BE(at + 2);
        header = 4;
      } else if (size === 127) {
        if (length - at < 10) break;
        const high = data.readUInt32BE(at + 2);
        if (high > 0x1fffff) return this.fail('payload length beyond 2^53');
        size = high * 2 ** 32 + data.readUInt32BE(at + 6);
        header = 10;
      }
      if (size > this.maxPayload) return this.fail(`payload of ${size} bytes`);
      if (length - at < header + size) break;
      const payload = data.subarray(at + header, at + header + size);
      at += header + size;
      if (!this.frame((b0 & 0x80) !== 0, b0 & 0x0f, payload)) return false;
    }
    if (at < length) this.rest = data === chunk ? Buffer.from(data.subarray(at, length)) : data.subarray(at);
    return true;
  }

  private frame(fin: boolean, opcode: number, payload: Buffer): boolean {
    if (opcode >= OPCODE.close) {
      if (!fin || payload.length > 125) return this.fail('fragmented or long control frame');
      if (opcode === OPCODE.ping) this.sink.ping(payload);
      else if (opcode === OPCODE.close)
        this.sink.close(payload.length >= 2 ? payload.readUInt16BE(0) : 1005, payload.toString('utf8', 2));
      else if (opcode !== OPCODE.pong) return this.fail(`unknown control opcode ${opcode}`);
      return true;
    }
    if (opcode === OPCODE.continuation) {
      if (!this.fragments) return this.fail('continuation frame outside a message');
      this.fragments.push(Buffer.from(payload));
      if (fin) {
        const whole = Buffer.concat(this.fragments);
        this.fragments = null;
        this.sink.message(whole, this.fragmentsBinary);
      }
      return true;
    }
    if (opcode !== OPCODE.text && opcode !== OPCODE.binary) return this.fail(`unknown opcode ${opcode}`);
    if (this.fragments) return this.fail('new message before the last one ended');
    if (fin) this.sink.message(payload, opcode === OPCODE.binary);
    else {
      this.fragments = [Buffer.from(payload)];
      this.fragmentsBinary = opcode === OPCODE.binary;
    }
    return true;
  }

  private fail(error: string): false {
    this.error = error;
    return false;
  }
}

/** A client-to-server frame: FIN set and, as RFC 6455 §5.3 requires of clients, masked. */
export function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const size = payload.length;
  const header = size < 126 ? 2 : size < 0x10000 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + 4 + size);
  frame[0] = 0x80 | opcode;
  if (header === 2) frame[1] = 0x80 | size;
  else if (header === 4) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(size, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(size), 2);
  }
  randomFillSync(frame, header, 4);
  for (let i = 0; i < size; i++)
    frame[header + 4 + i] = (payload[i] as number) ^ (frame[header + (i & 3)] as number);
  return frame;
}

/** The Sec-WebSocket-Accept a server must answer to `key` (RFC 6455 §4.2.2). */
export function acceptFor(key: string): string {
  return createHash('sha1')
    .update(key + GUID)
    .digest('base64');
}

/** Checks the head of the server's answer (status line and headers); the reason it fails, or null. */
export function checkUpgrade(head: string, key: string): string | null {
  const [status = '', ...lines] = head.split('\r\n');
  if (!/^HTTP\/1\.1 101\b/.test(status)) return `answered "${status}"`;
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  if (headers.get('upgrade')?.toLowerCase() !== 'websocket') return 'no Upgrade: websocket';
  const connection = (headers.get('connection') ?? '').toLowerCase().split(',');
  if (!connection.some((t) => t.trim() === 'upgrade')) return 'no Connection: Upgrade';
  if (headers.get('sec-websocket-accept') !== acceptFor(key)) return 'wrong Sec-WebSocket-Accept';
  if (headers.has('sec-websocket-extensions')) return 'an extension that was not offered';
  return null;
}

export interface WireClientEvents {
  open(client: WireClient): void;
  /** A whole message; `data` is valid only during the call. */
  message(data: Buffer, binary: boolean, client: WireClient): void;
  /** Once, when the connection ends for any reason (handshake refused, protocol error, closed). */
  closed(client: WireClient, reason: string): void;
}

/**
 * One WebSocket client over its own TCP connection. Reads land in `readBuffer`, which clients may
 * share: each read is parsed before the next one is made, and what must outlive it is copied.
 */
export class WireClient implements FrameSink {
  private readonly socket: net.Socket;
  private readonly reader = new FrameReader(this);
  private readonly key = randomBytes(16).toString('base64');
  /** The server's answer until its blank line; null once open. */
  private head: Buffer | null = Buffer.alloc(0);
  private ended = false;
  private closing = false;
  /** Whether the handshake succeeded (the connection may have ended since). */
  opened = false;

  constructor(
    url: URL,
    private readonly events: WireClientEvents,
    readBuffer: Buffer,
  ) {
    this.socket = net.connect({
      host: url.hostname,
      port: Number(url.port || 80),
      onread: { buffer: readBuffer, callback: (n, buf) => this.onRead(buf as Buffer, n) },
    });
    this.socket.setNoDelay(true);
    this.socket.once('connect', () =>
      this.socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${this.key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    this.socket.on('error', (err) => this.end(err.message));
    this.socket.on('close', () => this.end('connection closed'));
  }

  send(text: string): void {
    if (this.head === null && !this.closing) this.socket.write(maskedFrame(OPCODE.text, Buffer.from(text)));
  }

  terminate(): void {
    this.socket.destroy();
  }

  message(data: Buffer, binary: boolean): void {
    this.events.message(data, binary, this);
  }

  ping(data: Buffer): void {
    if (!this.closing) this.socket.write(maskedFrame(OPCODE.pong, data));
  }

  close(code: number, reason: string): void {
    if (!this.closing) {
      this.closing = true;
      const body = Buffer.alloc(code === 1005 ? 0 : 2);
      if (body.length) body.writeUInt16BE(code);
      this.socket.end(maskedFrame(OPCODE.close, body));
    }
    this.end(`closed by the server: ${code} ${reason}`);
  }

  private onRead(buf: Buffer, n: number): boolean {
    if (this.head === null) {
      if (!this.reader.push(buf, n)) this.fail(this.reader.error ?? 'protocol error');
      return true;
    }
    const head = Buffer.concat([this.head, buf.subarray(0, n)]);
    const blank = head.indexOf(HEAD_END);
    if (blank < 0) {
      if (head.length > MAX_HEAD_BYTES) this.fail('handshake answer too long');
      else this.head = head;
      return true;
    }
    const refused = checkUpgrade(head.toString('latin1', 0, blank), this.key);
    if (refused) {
      this.fail(`handshake: ${refused}`);
      return true;
    }
    this.head = null;
    this.opened = true;
    this.events.open(this);
    const rest = head.subarray(blank + HEAD_END.length);
    if (rest.length > 0 && !this.reader.push(rest)) this.fail(this.reader.error ?? 'protocol error');
    return true;
  }

  private fail(reason: string): void {
    this.end(reason);
    this.socket.destroy();
  }

  private end(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.events.closed(this, reason);
  }
}
