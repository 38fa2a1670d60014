import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { Framed } from './frame.ts';

/** A client that falls this far behind is dropped rather than buffered without end. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** ws's sender state while it neither compresses nor reads a Blob (ws 8: `DEFAULT`). */
const SENDER_IDLE = 0;

/** What ws 8 keeps private on a WebSocket and this writer relies on. */
interface WsSender {
  _state: number;
  _queue: unknown[];
  _bufferedBytes: number;
}
interface WsInternals {
  _socket?: unknown;
  _sender?: unknown;
}

function isSender(s: unknown): s is WsSender {
  const o = s as Partial<WsSender> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o._state === 'number' &&
    Array.isArray(o._queue) &&
    typeof o._bufferedBytes === 'number'
  );
}

function isSocket(s: unknown): s is Socket {
  const o = s as Partial<Socket> | null;
  return typeof o === 'object' && o !== null && typeof o.write === 'function' && 'writableLength' in o;
}

/**
 * Writes messages framed once (`textFrame`) to one connection, the same bytes for every subscriber.
 *
 * ws writes each frame of its own (`send`, pings, pongs, the close frame) to the socket at once,
 * except while its sender is busy compressing or reading a Blob, when it queues them behind. So a
 * frame goes straight to the socket only while that sender is idle with nothing queued, and through
 * `ws.send` (its queue) otherwise: the frames of a connection never interleave nor reorder. With a ws
 * whose internals are not as expected, every frame goes through `ws.send`.
 */
export class FrameWriter {
  private readonly socket: Socket | null;
  private readonly sender: WsSender | null;

  constructor(readonly ws: WebSocket) {
    const internals = ws as unknown as WsInternals;
    const direct = isSocket(internals._socket) && isSender(internals._sender);
    this.socket = direct ? (internals._socket as Socket) : null;
    this.sender = direct ? (internals._sender as WsSender) : null;
  }

  /** Bytes accepted but not yet handed to the kernel: ws's `bufferedAmount`. */
  buffered(): number {
    const { socket, sender } = this;
    return socket && sender ? socket.writableLength + sender._bufferedBytes : this.ws.bufferedAmount;
  }

  /** Writes one framed message if the connection is open (a closing one gets nothing more). */
  write(message: Framed): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    const { socket, sender } = this;
    if (socket && sender && sender._state === SENDER_IDLE && sender._queue.length === 0)
      socket.write(message.bytes);
    else this.ws.send(message.payload, { binary: false });
  }
}
