import { LatencyHistogram } from './latency.ts';
import { WireClient, type WireClientEvents } from './socket-fanout-wire.ts';
import { type FromScreens, KINDS, type Kind, kindOf, type ToScreens } from './socket-screens-ipc.ts';

/**
 * The screens benchmark's load generator (forked, so clients never share the server's event loop):
 * `lists` clients as the home and markets screens (20 tickers each) and `trades` clients as the
 * trade screen (one book's depth and trades), each a `WireClient` of its own. Every channel value
 * received, in a data frame or in a batch, is timed (receive − its `ts`) and its seq kept, so the
 * end shows whether each client holds the latest value of every channel it follows. Values are
 * found by scanning for their keys (native `indexOf`), not by parsing the JSON: the generator's own
 * cost stays small beside the server's.
 */
const [url = '', listsArg = '0', tradesArg = '0', listChannels = '', tradeChannels = ''] =
  process.argv.slice(2);
const screens: string[][] = [
  ...Array.from({ length: Number(listsArg) }, () => listChannels.split(',')),
  ...Array.from({ length: Number(tradesArg) }, () => tradeChannels.split(',')),
];
const clients = screens.length;
const IN_FLIGHT = 200;
/** After the last publish, stop waiting once no frame has come for this long (past every cadence). */
const IDLE_MS = 2_000;

const send = (m: FromScreens, then?: () => void) => process.send?.(m, undefined, {}, () => then?.());
const channelIndex = new Map<string, number>();
for (const chs of screens)
  for (const ch of chs) if (!channelIndex.has(ch)) channelIndex.set(ch, channelIndex.size);
const channelNames = [...channelIndex.keys()];
const kindIndex = channelNames.map((ch) => KINDS.indexOf(kindOf(ch)));
const staleness = KINDS.map(() => new LatencyHistogram());

/** Each client's screen and the last seq it holds of each channel. */
const state = new Map<WireClient, { channels: string[]; last: Float64Array }>();
const readBuffer = Buffer.allocUnsafe(256 * 1024);
const DATA = Buffer.from('{"type":"data",');
const BATCH = Buffer.from('{"type":"batch",');
const SUBSCRIBED = Buffer.from('"type":"subscribed"');
const CHANNEL_KEY = Buffer.from('"channel":"');
const SEQ_KEY = Buffer.from('"seq":');
const TS_KEY = Buffer.from('"ts":');
const QUOTE = '"'.charCodeAt(0);

let subscribed = 0;
let failed = 0;
let settled = 0;
let open = 0;
let frames = 0;
let values = 0;
let trades = 0;
let firstError = '';
let lastReceivedAt = 0;
let started = 0;
let ready = false;
let readyAt = 0;
let publishedAt = 0;
let cpuAtReady = process.cpuUsage();
let closingAll = false;

function startsWith(data: Buffer, prefix: Buffer): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}

/** The decimal integer at `at`, and where it ends. */
function numberAt(data: Buffer, at: number): [number, number] {
  let n = 0;
  let i = at;
  for (; i < data.length; i++) {
    const c = data[i] as number;
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return [n, i];
}

/** Each `"channel":"…"` of the message, its seq and the `ts` of its value. */
function onValues(data: Buffer, last: Float64Array): void {
  const now = Date.now();
  let at = data.indexOf(CHANNEL_KEY);
  while (at >= 0) {
    const start = at + CHANNEL_KEY.length;
    const end = data.indexOf(QUOTE, start);
    const index = channelIndex.get(data.toString('latin1', start, end));
    const seqAt = data.indexOf(SEQ_KEY, end);
    const tsAt = data.indexOf(TS_KEY, seqAt);
    if (index === undefined || seqAt < 0 || tsAt < 0) return;
    const [seq] = numberAt(data, seqAt + SEQ_KEY.length);
    const [ts, after] = numberAt(data, tsAt + TS_KEY.length);
    const kind = kindIndex[index] as number;
    staleness[kind]?.record(now - ts);
    values += 1;
    if (KINDS[kind] === 'trades') trades += 1;
    if (seq > (last[index] ?? 0)) last[index] = seq;
    at = data.indexOf(CHANNEL_KEY, after);
  }
}

function maybeReady(): void {
  if (ready || settled < clients || subscribed + failed < clients) return;
  ready = true;
  readyAt = Date.now();
  cpuAtReady = process.cpuUsage();
  send({ type: 'ready', subscribed, failed, connectMs: Date.now() - started });
}

const events: WireClientEvents = {
  open(client) {
    open += 1;
    client.send(JSON.stringify({ op: 'subscribe', channels: state.get(client)?.channels ?? [] }));
    settle(client);
  },
  message(data, binary, client) {
    if (binary) return;
    if (startsWith(data, DATA) || startsWith(data, BATCH)) {
      frames += 1;
      lastReceivedAt = Date.now();
      const s = state.get(client);
      if (s) onValues(data, s.last);
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

const lanes = new Map<WireClient, () => void>();
function settle(client: WireClient): void {
  const done = lanes.get(client);
  if (!done) return;
  lanes.delete(client);
  done();
}

async function connectAll(): Promise<void> {
  started = Date.now();
  let next = 0;
  const lane = async () => {
    while (next < clients) {
      const channels = screens[next] as string[];
      next += 1;
      await new Promise<void>((resolve) => {
        const client = new WireClient(new URL(url), events, readBuffer);
        state.set(client, { channels, last: new Float64Array(channelNames.length) });
        lanes.set(client, resolve);
      });
      settled += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, clients) }, lane));
  maybeReady();
}

function finish(final: Record<string, number>): void {
  const check = setInterval(() => {
    if (Date.now() - Math.max(lastReceivedAt, publishedAt) < IDLE_MS) return;
    clearInterval(check);
    const cpu = process.cpuUsage(cpuAtReady);
    let latestHeld = 0;
    let latestOwed = 0;
    for (const { channels, last } of state.values()) {
      for (const ch of channels) {
        latestOwed += 1;
        if (last[channelIndex.get(ch) as number] === final[ch]) latestHeld += 1;
      }
    }
    if (firstError) console.error(`load generator: first connection error: ${firstError}`);
    send(
      {
        type: 'result',
        open,
        frames,
        values,
        trades,
        latestHeld,
        latestOwed,
        staleness: Object.fromEntries(KINDS.map((k, i) => [k, staleness[i]?.entries() ?? []])) as Record<
          Kind,
          [number, number][]
        >,
        lastReceivedAt,
        cpuMs: (cpu.user + cpu.system) / 1000,
        wallMs: Math.max(lastReceivedAt, readyAt) - readyAt,
      },
      // A large result (the peer's histograms span tens of seconds) may still be on its way: leave
      // once it has gone, or the benchmark hears the exit first.
      () => process.disconnect(),
    );
    closingAll = true;
    for (const c of state.keys()) c.terminate();
  }, 50);
}

process.on('message', (m: ToScreens) => {
  if (m.type !== 'published') return;
  publishedAt = Date.now();
  finish(m.final);
});
process.on('disconnect', () => process.exit(0));
void connectAll();
