import fastifyWebsocket from '@fastify/websocket';
import type { ErrorKey } from '@otc/protocol/errors';
import type { Language } from '@otc/protocol/languages';
import { CHANNEL_PATTERN, clientFrame, type ServerFrame, SOCKET_LIMITS } from '@otc/protocol/socket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus, ChannelMessage } from '../bus/bus.ts';
import type { AppContext } from '../context.ts';
import { sessionOf } from '../http/guard.ts';
import { translate } from '../i18n/translate.ts';
import type { MarketHub } from '../market/hub.ts';

interface Conn {
  socket: WebSocket;
  lang: Language;
  channels: Set<string>;
  userId: string | null;
  alive: boolean;
  frames: number;
  windowStart: number;
}

/** A client that falls this far behind is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The one WebSocket (`/ws`). Fan-out is by channel: each bus message is serialised once and
 * written to the connections holding its channel. The latest message of each channel is kept,
 * so any instance answers snapshots, whichever instance made the data.
 */
export async function socketGateway(app: FastifyInstance, ctx: AppContext, hub: MarketHub, bus: Bus) {
  await app.register(fastifyWebsocket, { options: { maxPayload: SOCKET_LIMITS.maxFrameBytes } });
  const subscribers = new Map<string, Set<Conn>>();
  const latest = new Map<string, ChannelMessage>();
  const tickers = new Map<string, unknown>();
  let tickersSeq = 0;

  const unsubscribeBus = bus.subscribe((m) => {
    if (m.channel === 'tickers') {
      tickersSeq = m.seq;
      for (const t of m.data as { symbol: string }[]) tickers.set(t.symbol, t);
    } else latest.set(m.channel, m);
    const set = subscribers.get(m.channel);
    if (!set || set.size === 0) return;
    const frame = JSON.stringify({
      type: 'data',
      channel: m.channel,
      seq: m.seq,
      data: m.data,
    } satisfies ServerFrame);
    for (const c of set) {
      if (c.socket.bufferedAmount > MAX_BUFFERED_BYTES) c.socket.close(1013, 'too slow');
      else c.socket.send(frame, { binary: false });
    }
  });

  const snapshot = (channel: string): { seq: number; data: unknown } | undefined => {
    if (channel === 'tickers') {
      const local = hub.snapshot('tickers');
      return tickersSeq > 0 ? { seq: tickersSeq, data: [...tickers.values()] } : local;
    }
    return latest.get(channel) ?? hub.snapshot(channel);
  };

  const send = (c: Conn, frame: ServerFrame) => c.socket.send(JSON.stringify(frame));
  const error = (c: Conn, key: ErrorKey, channel?: string) =>
    send(c, { type: 'error', error: key, msg: translate(c.lang, key), ...(channel ? { channel } : {}) });
  const known = (channel: string, c: Conn) => {
    if (!CHANNEL_PATTERN.test(channel)) return false;
    if (channel === 'tickers') return true;
    if (channel === 'user') return c.userId !== null;
    return hub.instruments.has(channel.split(':')[1] ?? '');
  };
  const drop = (c: Conn) => {
    for (const ch of c.channels) subscribers.get(ch)?.delete(c);
    c.channels.clear();
  };

  const conns = new Set<Conn>();
  const heartbeat = setInterval(() => {
    for (const c of conns) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, SOCKET_LIMITS.heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribeBus();
    for (const c of conns) c.socket.terminate();
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, req) => {
    const c: Conn = {
      socket,
      lang: req.lang,
      channels: new Set(),
      userId: null,
      alive: true,
      frames: 0,
      windowStart: Date.now(),
    };
    conns.add(c);
    socket.on('pong', () => {
      c.alive = true;
    });
    socket.on('close', () => {
      drop(c);
      conns.delete(c);
    });
    socket.on('message', (raw, isBinary) => {
      c.alive = true;
      const now = Date.now();
      if (now - c.windowStart >= 1000) {
        c.windowStart = now;
        c.frames = 0;
      }
      c.frames += 1;
      if (c.frames > SOCKET_LIMITS.maxFramesPerSecond) {
        error(c, 'rate_limited');
        socket.close(1008, 'too many messages');
        return;
      }
      let parsed: unknown;
      try {
        parsed = isBinary ? undefined : JSON.parse(raw.toString());
      } catch {
        parsed = undefined;
      }
      const frame = clientFrame.safeParse(parsed);
      if (!frame.success) return error(c, 'invalid_input');
      const f = frame.data;
      if (f.op === 'ping') return send(c, { type: 'pong' });
      if (f.op === 'auth')
        return void authenticate(ctx, f.token).then((userId) => {
          if (!userId) return error(c, 'unauthorized');
          c.userId = userId;
          send(c, { type: 'authed', userId });
        });
      if (f.op === 'unsubscribe') {
        for (const ch of f.channels) {
          c.channels.delete(ch);
          subscribers.get(ch)?.delete(c);
        }
        return send(c, { type: 'unsubscribed', channels: f.channels });
      }
      if (f.op === 'snapshot') {
        if (!c.channels.has(f.channel)) return error(c, 'channel_unknown', f.channel);
        const s = snapshot(f.channel);
        return send(c, { type: 'snapshot', channel: f.channel, seq: s?.seq ?? 0, data: s?.data ?? null });
      }
      const accepted: string[] = [];
      for (const ch of f.channels) {
        if (!known(ch, c)) {
          error(c, 'channel_unknown', ch);
          continue;
        }
        if (!c.channels.has(ch) && c.channels.size >= SOCKET_LIMITS.maxChannels) {
          error(c, 'too_many_channels', ch);
          break;
        }
        c.channels.add(ch);
        if (!subscribers.has(ch)) subscribers.set(ch, new Set());
        subscribers.get(ch)?.add(c);
        accepted.push(ch);
      }
      if (accepted.length > 0) send(c, { type: 'subscribed', channels: accepted });
    });
  });
}

async function authenticate(ctx: AppContext, token: string): Promise<string | null> {
  const session = await sessionOf(ctx.db, token);
  return session?.status === 'active' ? session.userId : null;
}
