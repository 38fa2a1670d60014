import path from 'node:path';
import { z } from 'zod';
import { SCRYPT_LOG_N } from './platform/secrets/passwords.ts';
import { SECRETS_KEY_PATTERN } from './platform/secrets/secret-box.ts';

/**
 * Every setting is an environment variable with a default, so `npm start` needs none.
 * The README lists them; keep the two in step.
 */
const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();
const DECIMAL = /^\d{1,15}(\.\d{1,18})?$/;
const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

const schema = z.object({
  PORT: int(8080),
  ROLE: z.enum(['all', 'api', 'engine', 'worker']).default('all'),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('otc:'),
  NODE_ENV: z.string().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('OTC Markets <no-reply@otc.local>'),
  SMS_WEBHOOK_URL: z.string().optional(),
  // Keep the development outbox in production (no SMTP or SMS webhook): a warning every minute.
  DEV_OUTBOX: bool,
  ADMIN_EMAIL: z.string().default('admin@otc.local'),
  ADMIN_PASSWORD: z.string().optional(),
  // ALTCHA's maxnumber: a phone tries half of it on average (about 0.2 to 1 s at 50,000)
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
  RATE_LIMIT_PER_MINUTE: int(600),
  AUTH_RATE_LIMIT_PER_MINUTE: int(30),
  TRUST_PROXY: z.string().default(''),
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(SCRYPT_LOG_N),
  // Seals two-factor keys at rest (AES-256-GCM): 64 hex digits, e.g. `openssl rand -hex 32`
  SECRETS_KEY: z
    .string()
    .regex(SECRETS_KEY_PATTERN, 'SECRETS_KEY is 64 hex digits (openssl rand -hex 32)')
    .optional()
    .or(z.literal('')),
  SESSION_DAYS: int(30),
  SPOT_FORWARD_TIMEOUT_MS: int(10_000),
  // SIGTERM: what is running gets this long to finish before the process ends anyway (exit 1)
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // `exchange` is the old name of `venue`, still accepted so an operator's .env keeps working.
  MARKET_FEED: z.enum(['sim', 'venue', 'exchange', 'off']).default('sim'),
  MARKET_FEED_URL: z.string().optional(),
  // The venue's name stored with each tick's trade id (decision 0152): what a user looks the trade up on.
  MARKET_FEED_VENUE: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .default('binance'),
  MARKET_SEED: z.string().default('otc-markets'),
  MARKET_HISTORY: bool,
  DEMO_CROWD: bool,
  // sec17: the share of accounts that lost money on seconds contracts is shown from this many accounts
  SECONDS_LOSS_SHARE_MIN_ACCOUNTS: int(100),
  // The share of accounts that lost money on perpetuals (or CFDs) is shown from this many accounts
  POSITIONS_LOSS_SHARE_MIN_ACCOUNTS: int(100),
  CLOCK: z.enum(['system', 'manual']).default('system'),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  // withdrawals: USDT amounts as decimal strings
  WITHDRAW_FEE: z.string().regex(DECIMAL).default('1'),
  WITHDRAW_MIN: z.string().regex(DECIMAL).default('10'),
  WITHDRAW_REVIEW_THRESHOLD: z.string().regex(DECIMAL).default('1000'),
  WITHDRAW_LARGE_THRESHOLD: z.string().regex(DECIMAL).default('10000'),
  WITHDRAW_CHAIN_RULES: z.string().optional(),
  // loans: above this principal (USDT) a second, different operator approves too
  LOAN_SECOND_APPROVAL_ABOVE: z.string().regex(DECIMAL).default('10000'),
  DEV_CHAIN: bool,
  DEV_CHAIN_RPC_URL: z.string().optional(),
  DEV_CHAIN_USDT: z.string().optional(),
  CHAIN_RPC_1: z.string().optional(),
  CHAIN_RPC_56: z.string().optional(),
  CHAIN_RPC_25: z.string().optional(),
  CHAIN_CONFIRMATIONS_1: z.coerce.number().int().positive().optional(),
  CHAIN_CONFIRMATIONS_56: z.coerce.number().int().positive().optional(),
  CHAIN_CONFIRMATIONS_25: z.coerce.number().int().positive().optional(),
  CHAIN_CONFIRMATIONS_31337: z.coerce.number().int().positive().optional(),
  DEPOSIT_XPUB: z.string().optional(),
  HOT_WALLET_KEY: z.string().optional(),
  SWEEP_XPRV: z.string().optional(),
  GAS_KEY: z.string().optional(),
  SWEEP_DUST: z.string().regex(DECIMAL).default('1'),
  SWEEP_MAX_GAS_GWEI: z.string().regex(DECIMAL).default('200'),
  METRICS_TOKEN: z.string().optional(),
  // host:port of a listener serving /metrics alone, e.g. a private interface's address
  METRICS_BIND: z
    .string()
    .regex(/^(\[[0-9a-fA-F:.]+\]|[\w.-]+):\d{1,5}$/)
    .optional()
    .or(z.literal('')),
});

/** Every setting's name, as `.env.example` and the README list them (a test keeps the three in step). */
export const SETTING_NAMES: readonly string[] = Object.keys(schema.shape);

export type Config = {
  port: number;
  /**
   * What this process does (docs/ARCHITECTURE.md "Processes and scaling out"): `all` (the default), `api` (HTTP and
   * sockets only; spot orders go to the engines' owner), `engine` (the market feed and the spot engines, one
   * owner of each at a time), `worker` (scheduled jobs).
   */
  role: 'all' | 'api' | 'engine' | 'worker';
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so deployments (and test runs) can share one Redis. */
  redisPrefix: string;
  /** NODE_ENV=production: no development defaults stand in for what only the operator can know. */
  production: boolean;
  /**
   * Seed a sample bank account (marked as one) when none is set, so bank deposits can be tried: on
   * the embedded default only (PGlite, not production). The seed itself refuses with production.
   */
  sampleBankAccount: boolean;
  /**
   * The site's public origin, e.g. `https://otc.example`: PUBLIC_URL, or on a development start the
   * address the server prints (`http://localhost:PORT`). Never taken from a request: Sign-In with
   * Ethereum binds messages to it. Unset in production without PUBLIC_URL (wallet login is then off).
   */
  publicUrl: string | undefined;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /**
   * `pretty` (the default, but in production): a start banner for the person who started the
   * server (URLs, and on a first start the operator's generated password) above the JSON log lines.
   * `json` (the default with NODE_ENV=production): JSON log lines only, for a log collector.
   */
  logFormat: 'json' | 'pretty';
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  /**
   * DEV_OUTBOX=1: with NODE_ENV=production, codes with no SMTP_URL (email) or SMS_WEBHOOK_URL (SMS)
   * still go to the development outbox, which only operators read; the server warns every minute.
   * Without it such a production start is refused (platform/production.ts).
   */
  devOutbox: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
  /** `/metrics` on the app's port only with `Authorization: Bearer` this (decision 0137). */
  /**
   * SECRETS_KEY: the key two-factor secrets are sealed under at rest (platform/secrets/secret-box.ts).
   * Unset: DATA_DIR/secrets.key, made at first use; a production start without it is refused.
   */
  secretsKey: string | undefined;
  metricsToken: string | undefined;
  /** `host:port` of a listener serving `/metrics` alone, without a token: a private address. */
  metricsBind: string | undefined;
  /**
   * The captcha's difficulty: its secret number is at most this (ALTCHA's maxnumber). A browser
   * tries half of them on average, one SHA-256 each: 50,000 is about 0.2 to 1 s on a phone.
   */
  captchaMaxNumber: number;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  /**
   * Whose `X-Forwarded-For` is believed (Fastify's `trustProxy`): `false` (the default) takes the
   * address the connection came from, so no client can choose the address its limits count under;
   * a list of the proxies' addresses or CIDRs (TRUST_PROXY=127.0.0.1,10.0.0.0/8), or a hop count.
   */
  trustProxy: false | number | string[];
  /**
   * The password hashes' cost, log2 of scrypt's N: 17 (128 MiB). Tests lower it (a hash at 17
   * takes seconds on a loaded test machine, and the suites register hundreds of users); with
   * NODE_ENV=production a value below 17 is ignored (`buildApp` warns), as CLOCK=manual is.
   */
  scryptLogN: number;
  sessionDays: number;
  /**
   * How long an instance that does not own the spot engines waits for the owner's answer to an order
   * or a cancel it forwarded; after that the caller hears `trading_unavailable` (and may repeat it:
   * the idempotency key keeps an order that did go through from being placed twice).
   */
  spotForwardTimeoutMs: number;
  /** How long a SIGTERM's shutdown may take before the process ends with what is left cut off. */
  shutdownTimeoutMs: number;
  /** Where index prices come from: the seeded simulator, a trading venue's trade stream, or nothing. */
  marketFeed: 'sim' | 'venue' | 'off';
  /** Set when MARKET_FEED used its old name (`exchange`): the start warns once. */
  marketFeedOldName: boolean;
  /** The venue's trade stream (Binance-style JSON over WebSocket), for MARKET_FEED=venue. */
  marketFeedUrl: string | undefined;
  /** The venue's name, stored with each tick's venue trade id (decision 0152). */
  marketFeedVenue: string;
  marketSeed: string;
  /** Generate a year of candles at first start so charts are full on day one. */
  marketHistory: boolean;
  /**
   * The demo realm's simulated crowd of takers (spot/demo-crowd.ts): small market orders on the
   * demo books so their tapes are not empty. Never on the live realm.
   */
  demoCrowd: boolean;
  /** Seconds contracts: how many accounts must have settled one in 90 days before their loss share is shown. */
  secondsLossShareMinAccounts: number;
  /** Perpetuals and CFDs, each on its own: how many accounts must have closed a position in 12 months before their loss share is shown. */
  positionsLossShareMinAccounts: number;
  /**
   * `manual`: the server's clock stands still until `POST /api/dev/clock` moves it (development and
   * e2e, to see expiries and jobs without waiting). Ignored with NODE_ENV=production.
   */
  clock: 'system' | 'manual';
  webDist: string;
  adminDist: string;
  /**
   * The published withdrawal rules, USDT: the fee and minimum (WITHDRAW_FEE, WITHDRAW_MIN; a chain
   * may have its own in WITHDRAW_CHAIN_RULES, JSON `{"56": {"fee": "0.5", "minimum": "5"}}`), and
   * the review thresholds: above `review` one operator approves, above `large` a second one too.
   */
  withdrawals: {
    fee: string;
    minimum: string;
    byChain: Record<string, { fee: string; minimum: string }>;
    review: string;
    large: string;
  };
  /** Loans (decision 0125): above `secondApprovalAbove` USDT of principal, two different operators approve. */
  loans: { secondApprovalAbove: string };
  /**
   * DEV_CHAIN (default on, but with NODE_ENV=production): `main.ts` starts the local dev chain (anvil,
   * platform/chain) with its state in DATA_DIR/chain, unless DEV_CHAIN_RPC_URL points at one running.
   */
  devChain: boolean;
  /** A running dev chain to use (its USDT at devChainUsdt): set by `main.ts` after starting one, by tests, or by e2e. */
  devChainRpcUrl: string | undefined;
  devChainUsdt: string | undefined;
  /** CHAIN_RPC_<id>: a real chain is enabled by its RPC URL (1 Ethereum, 56 BNB Smart Chain, 25 Cronos). */
  chainRpc: Partial<Record<1 | 56 | 25, string>>;
  /** CHAIN_CONFIRMATIONS_<id>: blocks after a deposit's own before it is credited; defaults in platform/chain/networks.ts. */
  chainConfirmations: Partial<Record<number, number>>;
  /** The extended public key deposit addresses derive from (required with a real chain enabled). */
  depositXpub: string | undefined;
  /** The hot wallet's private key, which signs withdrawals on the real chains (required with one enabled). */
  hotWalletKey: string | undefined;
  /**
   * The sweep signer's keys (docs/decisions/0067-sweeps-signer-on-worker.md): SWEEP_XPRV, the extended private key whose
   * public half is DEPOSIT_XPUB (it spends deposit addresses), and GAS_KEY, the gas account's key.
   * Read only by processes that run jobs (`worker`, `all`); an `api` process refuses them.
   */
  sweepXprv: string | undefined;
  gasKey: string | undefined;
  /** USDT below which a deposit address is not swept (its gas would cost more than it moves). */
  sweepDust: string;
  /** Gas price (gwei) above which sweeps wait (skipped with the reason, tried again each pass). */
  sweepMaxGasGwei: string;
};

const chainRules = z.record(
  z.string().regex(/^\d+$/),
  z.strictObject({ fee: z.string().regex(DECIMAL), minimum: z.string().regex(DECIMAL) }),
);

/**
 * TRUST_PROXY: empty (trust none), a hop count, or addresses and CIDRs separated by commas. `true`
 * (trust any sender) is refused: it is the setting that let every client pick its own address.
 */
function trustedProxies(value: string): Config['trustProxy'] {
  const given = value.trim();
  if (!given || given === '0' || given === 'false') return false;
  if (/^\d+$/.test(given)) return Number(given);
  if (given === 'true') throw new Error('TRUST_PROXY=true would trust any client: list the proxies instead');
  return given
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = schema.parse(env);
  return {
    port: e.PORT,
    role: e.ROLE,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    production: e.NODE_ENV === 'production',
    sampleBankAccount: e.NODE_ENV !== 'production' && !e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL
      ? new URL(e.PUBLIC_URL).origin
      : e.NODE_ENV === 'production'
        ? undefined
        : `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'production' ? 'json' : 'pretty'),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL || undefined,
    devOutbox: e.DEV_OUTBOX ?? false,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD || undefined,
    secretsKey: e.SECRETS_KEY || undefined,
    metricsToken: e.METRICS_TOKEN || undefined,
    metricsBind: e.METRICS_BIND || undefined,
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: trustedProxies(e.TRUST_PROXY),
    scryptLogN: e.SCRYPT_LOG_N,
    sessionDays: e.SESSION_DAYS,
    spotForwardTimeoutMs: e.SPOT_FORWARD_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    marketFeed: e.MARKET_FEED === 'exchange' ? 'venue' : e.MARKET_FEED,
    marketFeedOldName: e.MARKET_FEED === 'exchange',
    marketFeedUrl: e.MARKET_FEED_URL || undefined,
    marketFeedVenue: e.MARKET_FEED_VENUE,
    marketSeed: e.MARKET_SEED,
    marketHistory: e.MARKET_HISTORY ?? true,
    demoCrowd: e.DEMO_CROWD ?? true,
    secondsLossShareMinAccounts: e.SECONDS_LOSS_SHARE_MIN_ACCOUNTS,
    positionsLossShareMinAccounts: e.POSITIONS_LOSS_SHARE_MIN_ACCOUNTS,
    clock: e.CLOCK,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    adminDist: path.resolve(e.ADMIN_DIST ?? path.join(repoRoot, 'apps/admin/dist')),
    withdrawals: {
      fee: e.WITHDRAW_FEE,
      minimum: e.WITHDRAW_MIN,
      byChain: chainRules.parse(JSON.parse(e.WITHDRAW_CHAIN_RULES || '{}')),
      review: e.WITHDRAW_REVIEW_THRESHOLD,
      large: e.WITHDRAW_LARGE_THRESHOLD,
    },
    loans: { secondApprovalAbove: e.LOAN_SECOND_APPROVAL_ABOVE },
    devChain: e.DEV_CHAIN ?? e.NODE_ENV !== 'production',
    devChainRpcUrl: e.DEV_CHAIN_RPC_URL || undefined,
    devChainUsdt: e.DEV_CHAIN_USDT || undefined,
    chainRpc: {
      ...(e.CHAIN_RPC_1 ? { 1: e.CHAIN_RPC_1 } : {}),
      ...(e.CHAIN_RPC_56 ? { 56: e.CHAIN_RPC_56 } : {}),
      ...(e.CHAIN_RPC_25 ? { 25: e.CHAIN_RPC_25 } : {}),
    },
    chainConfirmations: {
      ...(e.CHAIN_CONFIRMATIONS_1 ? { 1: e.CHAIN_CONFIRMATIONS_1 } : {}),
      ...(e.CHAIN_CONFIRMATIONS_56 ? { 56: e.CHAIN_CONFIRMATIONS_56 } : {}),
      ...(e.CHAIN_CONFIRMATIONS_25 ? { 25: e.CHAIN_CONFIRMATIONS_25 } : {}),
      ...(e.CHAIN_CONFIRMATIONS_31337 ? { 31337: e.CHAIN_CONFIRMATIONS_31337 } : {}),
    },
    depositXpub: e.DEPOSIT_XPUB || undefined,
    hotWalletKey: e.HOT_WALLET_KEY || undefined,
    sweepXprv: e.SWEEP_XPRV || undefined,
    gasKey: e.GAS_KEY || undefined,
    sweepDust: e.SWEEP_DUST,
    sweepMaxGasGwei: e.SWEEP_MAX_GAS_GWEI,
  };
}
