import fastifyWebsocket from '@fastify/websocket';
import type { ErrorKey } from '@otc/protocol/errors';
import type { Language } from '@otc/protocol/languages';
import { TICKERS_CHANNEL } from '@otc/protocol/market/channels';
import { CHANNEL_PATTERN, CONFLATION, SOCKET_LIMITS, USER_CHANNEL } from '@otc/protocol/socket/constants';
import { type ClientFrame, clientFrame, type ServerFrame } from '@otc/protocol/socket/schemas';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus, ChannelMessage } from '../bus/bus.ts';
import { USER_BUS_PREFIX } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import { translate } from '../i18n/translate.ts';
import { frameSent, socketClosed, socketOpened } from '../platform/metrics.ts';
import { hashToken } from '../platform/secrets/tokens.ts';
import { ConflatedFanout } from './batches.ts';
import { type Framed, textFrame } from './frame.ts';
import { type HeldSession, HeldSessions } from './held-sessions.ts';
import { FrameWriter, MAX_BUFFERED_BYTES } from './writer.ts';

interface Conn {
  socket: WebSocket;
  out: FrameWriter;
  /** The heartbeat round that pings this connection. */
  round: Set<Conn>;
  lang: Language;
  channels: Set<string>;
  userId: string | null;
  /** The private channel's numbering: per connection, the only one that reads it. */
  userSeq: number;
  /** An `auth` in flight: the frames after it wait for it, so `subscribe user` follows `auth`. */
  busy: Promise<void> | null;
  alive: boolean;
  frames: number;
  windowStart: number;
}

/** How long a client has at shutdown to answer the closing handshake before it is cut off. */
const CLOSE_GRACE_MS = 1_000;

/** Heartbeat rounds per period (`SOCKET_LIMITS.heartbeatMs`). */
const HEARTBEAT_ROUNDS = 20;

/**
 * The one WebSocket (`/ws`). Fan-out is by channel: each bus message is serialised and framed once,
 * and the same frame bytes are written to the connections holding its channel. The public channels
 * whose messages are whole values (tickers, depth, candles) are conflated: each connection gets the
 * latest of each at the channel's cadence, together in one `batch` frame (`batches.ts`, decision
 * 0157); trades and the private channel go out as they come. The latest message of each channel is
 * kept, so any instance answers snapshots, whichever instance made the data.
 */

/**
 * What the socket needs of the market's public channels (the market area's hub provides it): the
 * latest message of a channel made here, and which instruments have channels.
 */
export interface PublicChannels {
  snapshot(channel: string): { seq: number; data: unknown } | undefined;
  readonly instruments: ReadonlyMap<string, unknown>;
}

export async function socketGateway(app: FastifyInstance, ctx: AppContext, hub: PublicChannels, bus: Bus) {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: SOCKET_LIMITS.maxFrameBytes },
    // At shutdown (issue 23): every client hears "going away" (1001), as a browser's socket client
    // reconnects on (to another instance, or this one restarted); one that does not finish the
    // closing handshake within a second is cut off, so no client holds the shutdown up (the
    // plugin's own close sent no code, and waited on ws's 30 s closing timeout per client).
    preClose(done) {
      const server = this.websocketServer;
      for (const client of server.clients) client.close(1001, 'going away');
      const cutOff = setTimeout(() => {
        for (const client of server.clients) client.terminate();
      }, CLOSE_GRACE_MS);
      server.close(() => {
        clearTimeout(cutOff);
        done();
      });
    },
  });
  const subscribers = new Map<string, Set<Conn>>();
  const latest = new Map<string, ChannelMessage>();
  const tickers = new Map<string, unknown>();
  let tickersSeq = 0;

  /** Connections by the user they are authenticated as. */
  const byUser = new Map<string, Set<Conn>>();
  /** The session each authenticated connection holds: its end (or expiry) makes it anonymous. */
  const held = new HeldSessions<Conn>(ctx.clock, (c) => {
    setUser(c, null);
    error(c, 'session_ended', USER_CHANNEL);
  });
  /** Endings heard so far: an `auth` whose lookup overlapped one looks again (see `authenticate`). */
  let endings = 0;
  const stopHearing = ctx.sessions.onEnded((which) => {
    endings += 1;
    held.ended(which);
  });

  /** Writes a frame unless the connection is too far behind, which is closed instead. */
  const deliver = (c: Conn, frame: Framed) => {
    if (c.out.buffered() > MAX_BUFFERED_BYTES) c.socket.close(1013, 'too slow');
    else {
      c.out.write(frame);
      frameSent();
    }
  };
  const conflated = new ConflatedFanout<Conn>(deliver);
  const flushing = setInterval(() => conflated.flush(), CONFLATION.tickMs);
  flushing.unref();

  const unsubscribeBus = bus.subscribe((m) => {
    if (m.channel.startsWith(USER_BUS_PREFIX)) return toUser(m.channel.slice(USER_BUS_PREFIX.length), m.data);
    if (m.channel === TICKERS_CHANNEL) {
      tickersSeq = m.seq;
      for (const t of m.data as { symbol: string }[]) tickers.set(t.symbol, t);
    } else if (CHANNEL_PATTERN.test(m.channel)) latest.set(m.channel, m); // public channels only
    if (ConflatedFanout.conflated(m.channel)) return conflated.publish(m);
    const set = subscribers.get(m.channel);
    if (!set || set.size === 0) return;
    const frame = textFrame(
      JSON.stringify({ type: 'data', channel: m.channel, seq: m.seq, data: m.data } satisfies ServerFrame),
    );
    for (const c of set) deliver(c, frame);
  });

  /** A user's event goes to that user's connections holding `user`, numbered per connection. */
  const toUser = (userId: string, data: unknown) => {
    for (const c of byUser.get(userId) ?? []) {
      if (!c.channels.has(USER_CHANNEL)) continue;
      c.userSeq += 1;
      send(c, { type: 'data', channel: USER_CHANNEL, seq: c.userSeq, data });
    }
  };
  const setUser = (c: Conn, session: HeldSession | null) => {
    const userId = session?.userId ?? null;
    if (session) held.hold(c, session);
    else held.release(c);
    if (c.userId) byUser.get(c.userId)?.delete(c);
    if (c.userId && byUser.get(c.userId)?.size === 0) byUser.delete(c.userId);
    if (c.userId !== userId) {
      // Another identity: the private channel it held is not this one's.
      c.channels.delete(USER_CHANNEL);
      subscribers.get(USER_CHANNEL)?.delete(c);
      c.userSeq = 0;
    }
    c.userId = userId;
    if (userId) byUser.set(userId, (byUser.get(userId) ?? new Set()).add(c));
  };

  const snapshot = (channel: string): { seq: number; data: unknown } | undefined => {
    if (channel === TICKERS_CHANNEL) {
      const local = hub.snapshot(TICKERS_CHANNEL);
      return tickersSeq > 0 ? { seq: tickersSeq, data: [...tickers.values()] } : local;
    }
    return latest.get(channel) ?? hub.snapshot(channel);
  };

  const send = (c: Conn, frame: ServerFrame) => {
    c.out.write(textFrame(JSON.stringify(frame)));
    frameSent();
  };
  const error = (c: Conn, key: ErrorKey, channel?: string) =>
    send(c, { type: 'error', error: key, msg: translate(c.lang, key), ...(channel ? { channel } : {}) });
  const known = (channel: string, c: Conn) => {
    if (!CHANNEL_PATTERN.test(channel)) return false;
    if (channel === TICKERS_CHANNEL) return true;
    if (channel === USER_CHANNEL) return c.userId !== null;
    return hub.instruments.has(channel.split(':')[1] ?? '');
  };
  const drop = (c: Conn) => {
    setUser(c, null);
    for (const ch of c.channels) subscribers.get(ch)?.delete(c);
    c.channels.clear();
    conflated.release(c);
  };

  // Each connection is pinged once per heartbeat period, in one of its rounds: pinging them all
  // at once (and reading all their pongs) would hold up every channel's fan-out for as long.
  const rounds = Array.from({ length: HEARTBEAT_ROUNDS }, () => new Set<Conn>());
  let round = 0;
  let joined = 0;
  const heartbeat = setInterval(() => {
    for (const c of rounds[round] as Set<Conn>) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
    round = (round + 1) % HEARTBEAT_ROUNDS;
  }, SOCKET_LIMITS.heartbeatMs / HEARTBEAT_ROUNDS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(flushing);
    unsubscribeBus();
    stopHearing();
    for (const r of rounds) for (const c of r) c.socket.terminate();
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, req) => {
    const c: Conn = {
      socket,
      out: new FrameWriter(socket),
      round: rounds[joined++ % HEARTBEAT_ROUNDS] as Set<Conn>,
      lang: req.lang,
      channels: new Set(),
      userId: null,
      userSeq: 0,
      busy: null,
      alive: true,
      frames: 0,
      windowStart: Date.now(),
    };
    c.round.add(c);
    socketOpened();
    socket.on('pong', () => {
      c.alive = true;
    });
    socket.on('close', () => {
      drop(c);
      c.round.delete(c);
      socketClosed();
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
      if (f.op === 'auth') {
        const authed = (c.busy ?? Promise.resolve())
          .then(() => authenticate(c, f.token))
          .catch((err: unknown) => {
            ctx.log.warn({ err }, 'socket auth failed');
            error(c, 'unauthorized');
          })
          .finally(() => {
            if (c.busy === authed) c.busy = null;
          });
        c.busy = authed;
        return;
      }
      if (c.busy) {
        const after: Promise<void> = c.busy
          .then(() => handle(c, f))
          .catch((err: unknown) => ctx.log.warn({ err }, 'socket frame failed'))
          .finally(() => {
            if (c.busy === after) c.busy = null;
          });
        c.busy = after;
      } else handle(c, f);
    });
  });

  /**
   * `auth`: the connection takes the session's identity and holds it until the session ends. An
   * ending heard while the lookup was out may be this session's, read just before its revocation,
   * and no later ending would name it again: so such a lookup is made again (what the cache kept
   * is forgotten by then), and the answer is applied in the same turn as that check.
   */
  async function authenticate(c: Conn, token: string): Promise<void> {
    const tokenHash = hashToken(token);
    for (;;) {
      const heard = endings;
      const session = await ctx.sessions.lookup(token);
      if (heard !== endings) continue;
      if (c.socket.readyState !== c.socket.OPEN) return; // closed meanwhile: keep no identity
      if (session?.status !== 'active') {
        setUser(c, null);
        return error(c, 'unauthorized');
      }
      setUser(c, { userId: session.userId, tokenHash, expiresAt: session.expiresAt });
      return send(c, { type: 'authed', userId: session.userId });
    }
  }

  /** Every frame but `auth`, in the order the client sent them. */
  function handle(c: Conn, f: Exclude<ClientFrame, { op: 'auth' }>) {
    if (f.op === 'ping') return send(c, { type: 'pong' });
    if (f.op === 'unsubscribe') {
      for (const ch of f.channels) {
        c.channels.delete(ch);
        subscribers.get(ch)?.delete(c);
      }
      conflated.hold(c, c.channels);
      return send(c, { type: 'unsubscribed', channels: f.channels });
    }
    if (f.op === 'snapshot') {
      if (!c.channels.has(f.channel)) return error(c, 'channel_unknown', f.channel);
      // The private channel has no server-side state to send: the client reloads it over HTTP.
      const s = f.channel === USER_CHANNEL ? { seq: c.userSeq, data: null } : snapshot(f.channel);
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
    conflated.hold(c, c.channels);
    if (accepted.length > 0) send(c, { type: 'subscribed', channels: accepted });
  }
}
