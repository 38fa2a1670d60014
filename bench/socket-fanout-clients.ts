import WebSocket from 'ws';
import { LatencyHistogram } from './latency.ts';
import type { FromClients, ToClients } from './socket-fanout-ipc.ts';

/**
 * The load generator, forked from the benchmark so that clients never share the server's event
 * loop: opens N sockets, subscribes each to one ticker, and records receive time − `ts` of every
 * data frame. It parses only what it needs (the frame type and the trailing `ts`), the same way
 * for both servers, to leave as much of the machine as it can to the server under test.
 */
const [url = '', clientsArg = '0', channel = 'ticker:BTC/USDT'] = process.argv.slice(2);
const clients = Number(clientsArg);
const IN_FLIGHT = 200;
/** After the last publish, stop waiting once no frame has arrived for this long. */
const IDLE_MS = 3_000;

const send = (m: FromClients) => process.send?.(m);
const subscribeFrame = JSON.stringify({ op: 'subscribe', channels: [channel] });
const histogram = new LatencyHistogram();
const sockets: WebSocket[] = [];
const TS_KEY = Buffer.from('"ts":');
const D = 'd'.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);
const NINE = '9'.charCodeAt(0);

let subscribed = 0;
let failed = 0;
let settled = 0;
let open = 0;
let lastReceivedAt = 0;
let started = 0;
let ready = false;
let readyAt = 0;
let publishedAt = 0;
let cpuAtReady = process.cpuUsage();

/** `{"type":"data",…,"ts":<ms>}}`: the ticker's `ts` is the last number of the frame. */
function tsOf(frame: Buffer): number {
  const at = frame.lastIndexOf(TS_KEY);
  if (at < 0) return -1;
  let ts = 0;
  for (let i = at + TS_KEY.length; i < frame.length; i++) {
    const c = frame[i] as number;
    if (c < ZERO || c > NINE) break;
    ts = ts * 10 + (c - ZERO);
  }
  return ts;
}

function onFrame(raw: WebSocket.RawData): void {
  const frame = raw as Buffer;
  if (frame[9] === D) {
    const now = Date.now();
    const ts = tsOf(frame);
    if (ts > 0) histogram.record(now - ts);
    lastReceivedAt = now;
    return;
  }
  if (frame.includes('"subscribed"')) {
    subscribed += 1;
    maybeReady();
  }
}

function maybeReady(): void {
  if (ready || settled < clients || subscribed + failed < clients) return;
  ready = true;
  readyAt = Date.now();
  cpuAtReady = process.cpuUsage();
  send({ type: 'ready', subscribed, failed, connectMs: Date.now() - started });
}

function connect(): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    sockets.push(ws);
    ws.on('message', onFrame);
    ws.once('open', () => {
      open += 1;
      ws.once('close', () => {
        open -= 1;
      });
      ws.send(subscribeFrame);
      resolve();
    });
    ws.once('error', () => {
      failed += 1;
      resolve();
    });
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
    send({
      type: 'result',
      open,
      delivered: histogram.total,
      lastReceivedAt,
      latencies: histogram.entries(),
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs: Math.max(lastReceivedAt, readyAt) - readyAt,
    });
    for (const ws of sockets) ws.terminate();
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
