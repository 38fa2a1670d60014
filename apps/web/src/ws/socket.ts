import type { ErrorKey } from '@otc/protocol/errors';
import { SOCKET_LIMITS, USER_CHANNEL } from '@otc/protocol/socket/constants';
import type { ClientFrame, ServerFrame } from '@otc/protocol/socket/schemas';
import { cache, STORAGE_KEYS } from '../api/storage.ts';

/**
 * The app's one WebSocket (`/ws`). It connects on the first subscription and holds every channel
 * the screens ask for, counted by reference. Each channel's frames carry a sequence number (a
 * `batch` frame carries the latest value of several conflated channels, each standing for a range
 * of them): a gap
 * (or a fresh subscription) asks the server for a snapshot, and data frames are dropped until it
 * arrives, so a handler never sees a frame older than the state it holds. Pings every 15 s; 45 s
 * without any frame means the connection is dead and it is replaced. Reconnects back off from
 * 0.5 s doubling to 30 s with jitter, then restore every subscription and the sign-in. The
 * server can end the sign-in (the session was logged out, reset, disabled or expired): the client
 * then holds none, and the next sign-in sends `auth` and joins the private channel again.
 */

export const PING_EVERY_MS = 15_000;
export const STALE_AFTER_MS = 45_000;
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 30_000;
/**
 * After the page becomes visible again or the network returns (issue 31: a phone waking up waited
 * 30-45 s for live data): a connection silent this long is asked for a pong, and replaced if none
 * comes within WAKE_PROBE_MS.
 */
export const WAKE_SILENT_MS = 5_000;
export const WAKE_PROBE_MS = 3_000;
/**
 * A channel its last listener left stays subscribed this long, so moving between screens that
 * share a channel does not unsubscribe and subscribe again.
 */
export const UNSUBSCRIBE_AFTER_MS = 3000;
/** A snapshot asked for and not received after this long is asked for again. */
export const SNAPSHOT_RETRY_MS = 10_000;
/** Frames sent per second, kept under the server's limit with room to spare. */
export const SEND_RATE = SOCKET_LIMITS.maxFramesPerSecond - 4;
const SEND_WINDOW_MS = 1000;
/** Errors after which the server holds no identity for the connection: a refused `auth`, an ended session. */
const SIGNED_OUT = new Set<string>(['unauthorized', 'session_ended'] satisfies ErrorKey[]);

/** The part of the browser's WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface SocketDeps {
  url: () => string;
  create: (url: string) => SocketLike;
  clock: Clock;
  /** In [0, 1): the backoff's jitter. */
  random: () => number;
  getToken: () => string | null | undefined;
  /** Error frames from the server (a refused channel, a bad token). */
  onServerError?: (frame: Extract<ServerFrame, { type: 'error' }>) => void;
}

export interface FrameInfo {
  type: 'data' | 'snapshot';
  seq: number;
}
export type ChannelHandler = (data: unknown, info: FrameInfo) => void;

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'waiting' | 'closed';

interface ChannelState {
  listeners: Set<{ handler: ChannelHandler }>;
  lastSeq: number | null;
  /** When the snapshot was asked for; null when none is awaited. */
  awaitingSince: number | null;
  /** When the last listener left; null while it has listeners. */
  releasedAt: number | null;
  /** A frame came while nobody listened: a returning listener needs a snapshot. */
  missed: boolean;
}

/** The wait before reconnect attempt `attempt` (0 first): half the ceiling plus up to half again. */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** Splits channels into subscribe frames within the server's channel and byte limits. */
export function chunkChannels(channels: readonly string[], op: 'subscribe' | 'unsubscribe'): string[][] {
  const empty = JSON.stringify({ op, channels: [] }).length;
  const chunks: string[][] = [];
  let current: string[] = [];
  let size = empty;
  for (const channel of channels) {
    const add = JSON.stringify(channel).length + 1;
    if (
      current.length > 0 &&
      (current.length >= SOCKET_LIMITS.maxChannels || size + add > SOCKET_LIMITS.maxFrameBytes)
    ) {
      chunks.push(current);
      current = [];
      size = empty;
    }
    current.push(channel);
    size += add;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

function parseFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== 'string') return null;
  try {
    const frame: unknown = JSON.parse(raw);
    return typeof frame === 'object' && frame !== null && 'type' in frame ? (frame as ServerFrame) : null;
  } catch {
    return null;
  }
}

export function createSocketClient(deps: SocketDeps) {
  const { clock } = deps;
  const channels = new Map<string, ChannelState>();
  /** Channels subscribed on the current connection. */
  const active = new Set<string>();
  let ws: SocketLike | null = null;
  let state: ConnectionState = 'idle';
  let attempt = 0;
  let lastFrameAt = 0;
  let heardBack = false;
  let authedToken: string | null = null;
  let queue: string[] = [];
  let sentAt: number[] = [];
  let reconnectTimer: unknown = null;
  let pingTimer: unknown = null;
  let watchdogTimer: unknown = null;
  let syncTimer: unknown = null;
  let lingerTimer: unknown = null;
  let pumpTimer: unknown = null;

  const clear = (timer: unknown) => {
    if (timer !== null) clock.clearTimeout(timer);
    return null;
  };

  function pump() {
    pumpTimer = clear(pumpTimer);
    if (!ws || state !== 'open') return;
    const now = clock.now();
    sentAt = sentAt.filter((t) => now - t < SEND_WINDOW_MS);
    while (queue.length > 0 && sentAt.length < SEND_RATE) {
      const text = queue.shift() as string;
      try {
        ws.send(text);
      } catch {
        // Closing under us: onclose follows and the state is restored on the next connection.
      }
      sentAt.push(now);
    }
    if (queue.length > 0) {
      const wait = Math.max(1, (sentAt[0] ?? now) + SEND_WINDOW_MS - now);
      pumpTimer = clock.setTimeout(pump, wait);
    }
  }

  function send(frame: ClientFrame) {
    queue.push(JSON.stringify(frame));
    pump();
  }

  function requestSnapshot(channel: string, ch: ChannelState) {
    ch.awaitingSince = clock.now();
    send({ op: 'snapshot', channel });
  }

  /**
   * Brings the server's subscriptions in line with the channels that have listeners; a channel
   * left by its last listener goes once it has lingered UNSUBSCRIBE_AFTER_MS.
   */
  function sync() {
    syncTimer = clear(syncTimer);
    lingerTimer = clear(lingerTimer);
    for (const [channel, ch] of channels) {
      if (ch.listeners.size === 0 && !active.has(channel)) channels.delete(channel);
    }
    if (state !== 'open') return;
    const now = clock.now();
    const add: string[] = [];
    const remove: string[] = [];
    let nextExpiry = Number.POSITIVE_INFINITY;
    for (const [channel, ch] of channels) {
      if (ch.listeners.size > 0 && !active.has(channel)) add.push(channel);
      if (ch.listeners.size === 0 && active.has(channel)) {
        const expiry = (ch.releasedAt ?? now) + UNSUBSCRIBE_AFTER_MS;
        if (expiry <= now) remove.push(channel);
        else nextExpiry = Math.min(nextExpiry, expiry);
      }
    }
    if (nextExpiry !== Number.POSITIVE_INFINITY) lingerTimer = clock.setTimeout(sync, nextExpiry - now);
    for (const channel of remove) {
      active.delete(channel);
      channels.delete(channel);
    }
    for (const chunk of chunkChannels(remove, 'unsubscribe')) send({ op: 'unsubscribe', channels: chunk });
    for (const chunk of chunkChannels(add, 'subscribe')) send({ op: 'subscribe', channels: chunk });
    for (const channel of add) {
      active.add(channel);
      const ch = channels.get(channel) as ChannelState;
      ch.lastSeq = null;
      requestSnapshot(channel, ch);
    }
  }

  function scheduleSync() {
    if (syncTimer === null) syncTimer = clock.setTimeout(sync, 0);
  }

  function deliver(ch: ChannelState, data: unknown, info: FrameInfo) {
    if (ch.listeners.size === 0) ch.missed = true;
    for (const listener of [...ch.listeners]) {
      try {
        listener.handler(data, info);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /**
   * A data or snapshot frame, or one entry of a batch: a data frame is messages `from` to `seq` of
   * its channel (one message unless the server conflated them, decision 0157), applied when it
   * follows what the channel holds; a later start is a gap, and a snapshot is asked for.
   */
  function onData(channel: string, type: FrameInfo['type'], from: number, seq: number, data: unknown) {
    const ch = channels.get(channel);
    if (!ch || !active.has(channel) || typeof seq !== 'number') return;
    if (type === 'data') {
      if (ch.awaitingSince !== null) return;
      if (ch.lastSeq !== null) {
        if (seq <= ch.lastSeq) return;
        if (!(from <= ch.lastSeq + 1)) {
          requestSnapshot(channel, ch);
          return;
        }
      }
    } else if (ch.awaitingSince === null && ch.lastSeq !== null && seq < ch.lastSeq) {
      return;
    }
    ch.awaitingSince = null;
    ch.lastSeq = seq;
    deliver(ch, data, { type, seq });
  }

  function onFrame(frame: ServerFrame) {
    if (frame.type === 'data' || frame.type === 'snapshot') {
      onData(frame.channel, frame.type, frame.seq, frame.seq, frame.data);
      return;
    }
    if (frame.type === 'batch') {
      if (!Array.isArray(frame.frames)) return;
      for (const e of frame.frames) onData(e.channel, 'data', e.from, e.seq, e.data);
      return;
    }
    if (frame.type === 'error') {
      // A refused snapshot must not leave the channel deaf: take the next data frame as the start.
      const ch = frame.channel ? channels.get(frame.channel) : undefined;
      if (ch && ch.awaitingSince !== null) {
        ch.awaitingSince = null;
        ch.lastSeq = null;
      }
      if (SIGNED_OUT.has(frame.error)) authedToken = null;
      deps.onServerError?.(frame);
    }
  }

  function heartbeat() {
    pingTimer = null;
    if (state !== 'open') return;
    send({ op: 'ping' });
    const now = clock.now();
    for (const channel of active) {
      const ch = channels.get(channel);
      if (ch && ch.awaitingSince !== null && now - ch.awaitingSince >= SNAPSHOT_RETRY_MS) {
        requestSnapshot(channel, ch);
      }
    }
    pingTimer = clock.setTimeout(heartbeat, PING_EVERY_MS);
  }

  function watch() {
    watchdogTimer = clear(watchdogTimer);
    if (!ws) return;
    const silent = clock.now() - lastFrameAt;
    if (silent >= STALE_AFTER_MS) {
      drop();
      scheduleReconnect();
      return;
    }
    watchdogTimer = clock.setTimeout(watch, STALE_AFTER_MS - silent);
  }

  /** Forgets the current connection (closing it if it is still up) and what it held. */
  function drop() {
    const socket = ws;
    ws = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      try {
        socket.close();
      } catch {
        // Already closed.
      }
    }
    active.clear();
    authedToken = null;
    queue = [];
    sentAt = [];
    pingTimer = clear(pingTimer);
    watchdogTimer = clear(watchdogTimer);
    pumpTimer = clear(pumpTimer);
  }

  function scheduleReconnect() {
    reconnectTimer = clear(reconnectTimer);
    if (state === 'closed') return;
    state = 'waiting';
    sync();
    if (channels.size === 0) {
      // Nothing to restore: connect again when a screen next subscribes.
      state = 'idle';
      return;
    }
    const delay = backoffDelay(attempt, deps.random);
    attempt++;
    reconnectTimer = clock.setTimeout(connect, delay);
  }

  function onOpen() {
    state = 'open';
    lastFrameAt = clock.now();
    const token = deps.getToken();
    if (token) {
      send({ op: 'auth', token });
      authedToken = token;
    }
    sync();
    pingTimer = clock.setTimeout(heartbeat, PING_EVERY_MS);
  }

  function connect() {
    reconnectTimer = clear(reconnectTimer);
    if (state === 'closed') return;
    drop();
    state = 'connecting';
    lastFrameAt = clock.now();
    heardBack = false;
    let socket: SocketLike;
    try {
      socket = deps.create(deps.url());
    } catch {
      scheduleReconnect();
      return;
    }
    ws = socket;
    socket.onopen = () => {
      if (ws === socket) onOpen();
    };
    socket.onmessage = (event) => {
      if (ws !== socket) return;
      lastFrameAt = clock.now();
      if (!heardBack) {
        // Only a connection the server answers on resets the backoff, so a server that accepts
        // and drops at once is not hammered every half second.
        heardBack = true;
        attempt = 0;
      }
      const frame = parseFrame(event.data);
      if (frame) onFrame(frame);
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      drop();
      scheduleReconnect();
    };
    // A failed socket also fires close, which reconnects.
    socket.onerror = () => {};
    watch();
  }

  return {
    /** Listens to `channel` until the returned function is called (each call counts once). */
    subscribe(channel: string, handler: ChannelHandler): () => void {
      let ch = channels.get(channel);
      if (!ch) {
        ch = { listeners: new Set(), lastSeq: null, awaitingSince: null, releasedAt: null, missed: false };
        channels.set(channel, ch);
      }
      const returning = ch.listeners.size === 0 && active.has(channel);
      const listener = { handler };
      ch.listeners.add(listener);
      ch.releasedAt = null;
      if (returning && ch.missed && ch.awaitingSince === null) requestSnapshot(channel, ch);
      ch.missed = false;
      const held = ch;
      if (state === 'idle') connect();
      else scheduleSync();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        held.listeners.delete(listener);
        if (held.listeners.size > 0) return;
        held.releasedAt = clock.now();
        scheduleSync();
      };
    },

    /** Sends the stored token after a sign-in; a sign-out starts a fresh, anonymous connection. */
    updateAuth() {
      const token = deps.getToken() ?? null;
      if (token === authedToken || state !== 'open') return;
      if (token) {
        send({ op: 'auth', token });
        authedToken = token;
        // The server does not carry the private channel over from an ended or other identity: ask
        // for it again, after the auth (frames are handled in order).
        active.delete(USER_CHANNEL);
        sync();
        return;
      }
      drop();
      attempt = 0;
      if (channels.size > 0) connect();
      else state = 'idle';
    },

    /**
     * The page is visible again, or the network is back: a reconnect waiting out its backoff goes
     * now, from the first step; an open connection that has been silent is probed with a ping and
     * replaced (after the first backoff step) if nothing answers within WAKE_PROBE_MS: a sleeping
     * phone's socket is often dead without having closed.
     */
    wake() {
      attempt = 0;
      if (state === 'waiting') connect();
      else if (state === 'open' && clock.now() - lastFrameAt >= WAKE_SILENT_MS) {
        send({ op: 'ping' });
        // The watchdog as if silent all but WAKE_PROBE_MS: any frame clears it, else it replaces.
        lastFrameAt = clock.now() - STALE_AFTER_MS + WAKE_PROBE_MS;
        watch();
      }
    },

    /** Stops for good (tests, teardown). */
    close() {
      state = 'closed';
      reconnectTimer = clear(reconnectTimer);
      syncTimer = clear(syncTimer);
      lingerTimer = clear(lingerTimer);
      drop();
    },

    state: (): ConnectionState => state,
    /**
     * The listeners, last sequence number and snapshot wait of a channel, for the tests only: the
     * build replaces MODE, so the app's first route does not carry it (its budget, issue 31).
     */
    inspect:
      import.meta.env.MODE === 'test'
        ? (channel: string) => {
            const ch = channels.get(channel);
            return ch
              ? {
                  listeners: ch.listeners.size,
                  lastSeq: ch.lastSeq,
                  awaitingSnapshot: ch.awaitingSince !== null,
                  subscribed: active.has(channel),
                }
              : undefined;
          }
        : () => undefined,
  };
}

export type SocketClient = ReturnType<typeof createSocketClient>;

/** `VITE_WS_URL` when set, else `/ws` on this page's host, `wss:` under https. */
export function socketUrl(
  override: string | undefined,
  location: { href: string; protocol: string },
): string {
  const url = new URL(override || '/ws', location.href);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') url.protocol = 'ws:';
  return url.toString();
}

const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as number),
};

let shared: SocketClient | null = null;

/** The app's one connection, made on first use. */
export function getSocket(): SocketClient {
  if (!shared) {
    const client = createSocketClient({
      url: () => socketUrl(import.meta.env.VITE_WS_URL, window.location),
      create: (url) => new WebSocket(url),
      clock: browserClock,
      random: Math.random,
      getToken: () => cache.get<string>(STORAGE_KEYS.token),
    });
    cache.subscribe((key) => {
      if (key === STORAGE_KEYS.token) client.updateAuth();
    });
    // Live again as soon as the phone wakes or the network returns, not after the backoff or watchdog.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') client.wake();
    });
    window.addEventListener('online', () => client.wake());
    shared = client;
  }
  return shared;
}

export function subscribeChannel(channel: string, handler: ChannelHandler): () => void {
  return getSocket().subscribe(channel, handler);
}
