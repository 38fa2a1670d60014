import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The platform's Prometheus metrics (decision 0137): this module alone owns the registry and
 * prom-client; areas record through the small functions below, so a metric's name, labels and
 * buckets are decided once, here. One registry per process: an instance is what Prometheus scrapes.
 * Money in a metric (the hot wallet's balance, gas) is a display figure, fine as a float: nothing
 * is computed from it.
 */
const registry = new Registry();

const httpRequests = new Counter({
  name: 'otc_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const httpSeconds = new Histogram({
  name: 'otc_http_request_duration_seconds',
  help: 'HTTP request latency, by method and route template',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const orders = new Counter({
  name: 'otc_orders_total',
  help: 'Orders that reached the intake, by product and outcome (accepted: durable; refused: not taken)',
  labelNames: ['product', 'outcome'] as const,
  registers: [registry],
});
const batchSize = new Histogram({
  name: 'otc_intake_batch_size',
  help: 'Orders written per group-commit batch, by product',
  labelNames: ['product'] as const,
  buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000],
  registers: [registry],
});
const batchSeconds = new Histogram({
  name: 'otc_intake_commit_seconds',
  help: 'Time to commit one intake batch, by product',
  labelNames: ['product'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [registry],
});
const socketConnections = new Gauge({
  name: 'otc_socket_connections',
  help: 'WebSocket connections open now',
  registers: [registry],
});
const socketFrames = new Counter({
  name: 'otc_socket_frames_sent_total',
  help: 'WebSocket frames sent to clients',
  registers: [registry],
});
const jobRuns = new Counter({
  name: 'otc_job_runs_total',
  help: 'Durable job runs, by job and outcome (ok, failed, lost)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});
const hotWallet = new Gauge({
  name: 'otc_hot_wallet_balance',
  help: 'The hot wallet balance when last read, by chain and asset (a display figure)',
  labelNames: ['chain', 'asset'] as const,
  registers: [registry],
});
const gasBalance = new Gauge({
  name: 'otc_gas_wallet_balance',
  help: 'The gas wallet native balance when last read, by chain (a display figure)',
  labelNames: ['chain'] as const,
  registers: [registry],
});
const ledgerProblems = new Gauge({
  name: 'otc_ledger_check_problems',
  help: 'Problems the last ledger check found (0: it balanced); absent until a check ran',
  registers: [registry],
});

/** Read at scrape time: the values only a source knows now (queue depths, the watchers' lag). */
type Probe = () => Promise<Record<string, number>> | Record<string, number>;
const probes = new Map<string, Map<symbol, Probe>>();

function probed(name: string, help: string, label: string): void {
  const own = new Map<symbol, Probe>();
  probes.set(name, own);
  new Gauge({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    async collect() {
      this.reset();
      for (const probe of own.values()) {
        // A source that cannot answer now (the database away) leaves its series out of this scrape.
        const values = await Promise.resolve()
          .then(probe)
          .catch(() => ({}));
        for (const [key, value] of Object.entries(values)) this.set({ [label]: key }, value);
      }
    },
  });
}
probed('otc_engine_queue_depth', 'Orders waiting in an intake or engine queue, by queue', 'queue');
probed(
  'otc_deposit_watcher_lag_blocks',
  'Blocks between the chain head and the deposit watcher, by chain',
  'chain',
);

/**
 * Adds a source read at each scrape (`otc_engine_queue_depth` by queue name,
 * `otc_deposit_watcher_lag_blocks` by chain); returns its removal, for the app's close.
 */
export function addProbe(
  metric: 'otc_engine_queue_depth' | 'otc_deposit_watcher_lag_blocks',
  probe: Probe,
): () => void {
  const key = Symbol(metric);
  probes.get(metric)?.set(key, probe);
  return () => void probes.get(metric)?.delete(key);
}

export function recordHttp(method: string, route: string, status: number, seconds: number): void {
  httpRequests.inc({ method, route, status: String(status) });
  httpSeconds.observe({ method, route }, seconds);
}

export function recordOrders(product: string, outcome: 'accepted' | 'refused', count = 1): void {
  if (count > 0) orders.inc({ product, outcome }, count);
}

export function recordIntakeBatch(product: string, size: number, seconds: number): void {
  batchSize.observe({ product }, size);
  batchSeconds.observe({ product }, seconds);
}

export function socketOpened(): void {
  socketConnections.inc();
}

export function socketClosed(): void {
  socketConnections.dec();
}

export function frameSent(): void {
  socketFrames.inc();
}

export function recordJobRun(job: string, outcome: string): void {
  jobRuns.inc({ job, outcome });
}

/** Balances as the chain gives them (decimal strings); a metric holds a float for display only. */
export function setWalletBalances(chain: string, hot: Record<string, string>, gas: string | null): void {
  for (const [asset, amount] of Object.entries(hot)) hotWallet.set({ chain, asset }, Number(amount));
  if (gas !== null) gasBalance.set({ chain }, Number(gas));
}

/** A ledger check whose every result (how many problems) `/metrics` shows. */
export function recordedCheck<Q>(check: (q: Q) => Promise<string[]>): (q: Q) => Promise<string[]> {
  return async (q) => {
    const problems = await check(q);
    ledgerProblems.set(problems.length);
    return problems;
  };
}

export const METRICS_CONTENT_TYPE = registry.contentType;

export function metricsText(): Promise<string> {
  return registry.metrics();
}
