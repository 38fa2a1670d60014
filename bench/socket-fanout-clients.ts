import { LatencyHistogram } from './latency.ts';
import type { FromClients, ToClients } from './socket-fanout-ipc.ts';
import { WireClient, type WireClientEvents } from './socket-fanout-wire.ts';

/**
 * The load generator, forked from the benchmark so that clients never share the server's event
 * loop: opens N WebSocket clients (`WireClient`: each its own TCP connection, a real handshake,
 * frames parsed, pings answered), subscribes each to one channel, and records receive time − `ts`
 * of every data message. A message counts once its frame is parsed whole and its `ts` read; the
 * same way for both servers, with as little work per message as that allows, to leave as much of
 * the machine as it can to the server under test.
 */
const [url = '', clientsArg = '0', channel = 'trades:BTC/USDT'] = process.argv.slice(2);
const clients = Number(clientsArg);
const IN_FLIGHT = 200;
/** After the last publish, stop waiting once no frame has arrived for this long. */
const IDLE_MS = 3_000;

const send = (m: FromClients) => process.send?.(m);
const subscribeFrame = JSON.stringify({ op: 'subscribe', channels: [channel] });
const histogram = new LatencyHistogram();
const sockets: WireClient[] = [];
/** Every client reads into this one buffer: each read is parsed before the next is made. */
const readBuffer = Buffer.allocUnsafe(64 * 1024);
const DATA_PREFIX = Buffer.from('{"type":"data",');
const SUBSCRIBED = Buffer.from('"type":"subscribed"');
const TS_KEY = Buffer.from('"ts":');
const ZERO = '0'.charCodeAt(0);
const NINE = '9'.charCodeAt(0);

let subscribed = 0;
let failed = 0;
let settled = 0;
let open = 0;
let firstError = '';
let lastReceivedAt = 0;
let started = 0;
let ready = false;
let readyAt = 0;
let publishedAt = 0;
let cpuAtReady = process.cpuUsage();

function startsWith(data: Buffer, prefix: Buffer): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}

/** `{"type":"data",…,"ts":<ms>}]}`: the message's `ts` is its last number. */
function tsOf(data: Buffer): number {
  const at = data.lastIndexOf(TS_KEY);
  if (at < 0) return -1;
  let ts = 0;
  let digits = 0;
  for (let i = at + TS_KEY.length; i < data.length; i++) {
    const c = data[i] as number;
    if (c < ZERO || c > NINE) break;
    ts = ts * 10 + (c - ZERO);
    digits += 1;
  }
  return digits > 0 ? ts : -1;
}

function maybeReady(): void {
  if (ready || settled < clients || subscribed + failed < clients) return;
  ready = true;
  readyAt = Date.now();
  cpuAtReady = process.cpuUsage();
  send({ type: 'ready', subscribed, failed, connectMs: Date.now() - started });
}

/** Shared by every client: no closure per connection or per message. */
const events: WireClientEvents = {
  open(client) {
    open += 1;
    client.send(subscribeFrame);
    settle(client);
  },
  message(data, binary) {
    if (binary) return;
    if (startsWith(data, DATA_PREFIX)) {
      const ts = tsOf(data);
      if (ts <= 0) return;
      const now = Date.now();
      histogram.record(now - ts);
      lastReceivedAt = now;
    } else if (data.indexOf(SUBSCRIBED) >= 0) {
      subscribed += 1;
      maybeReady();
    }
  },
  closed(client, reason) {
    if (client.opened) open -= 1;
    else failed += 1;
    if (!firstError && !closingAll) firstError = reason;
    settle(client);
  },
};

/** The lane waiting on each client's connect attempt, resolved once it opens or fails. */
const lanes = new Map<WireClient, () => void>();
let closingAll = false;

function settle(client: WireClient): void {
  const done = lanes.get(client);
  if (!done) return;
  lanes.delete(client);
  done();
}

function connect(): Promise<void> {
  return new Promise((resolve) => {
    const client = new WireClient(new URL(url), events, readBuffer);
    sockets.push(client);
    lanes.set(client, resolve);
  });
}

async function connectAll(): Promise<void> {
  started = Date.now();
  let next = 0;
  const lane = async () => {
    while (next < clients) {
      next += 1;
      await connect();
      settled += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, clients) }, lane));
  maybeReady();
}

function awaitDelivery(ticks: number): void {
  const expected = subscribed * ticks;
  const check = setInterval(() => {
    if (histogram.total < expected && Date.now() - Math.max(lastReceivedAt, publishedAt) < IDLE_MS) return;
    clearInterval(check);
    const cpu = process.cpuUsage(cpuAtReady);
    if (firstError) console.error(`load generator: first connection error: ${firstError}`);
    send({
      type: 'result',
      open,
      delivered: histogram.total,
      lastReceivedAt,
      latencies: histogram.entries(),
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs: Math.max(lastReceivedAt, readyAt) - readyAt,
    });
    closingAll = true;
    for (const s of sockets) s.terminate();
    process.disconnect();
  }, 50);
}

process.on('message', (m: ToClients) => {
  if (m.type !== 'published') return;
  publishedAt = Date.now();
  awaitDelivery(m.ticks);
});
process.on('disconnect', () => process.exit(0));
void connectAll();
