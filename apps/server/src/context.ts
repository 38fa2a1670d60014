import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus.ts';
import type { Config } from './config.ts';
import type { Db, Queryable } from './db/db.ts';
import type { Sender } from './delivery/message.ts';
import type { Chain } from './platform/chain/index.ts';
import type { Clock } from './platform/clock.ts';
import type { Jobs } from './platform/jobs/jobs.ts';
import type { SecretBox } from './platform/secrets/secret-box.ts';
import type { Sessions } from './platform/sessions.ts';
import type { TreasuryOwed } from './platform/treasury.ts';

/** What every area is given when it is wired into the app. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The one clock every time-based rule reads (platform/clock.ts); tests and CLOCK=manual move it. */
  clock: Clock;
  /** Durable jobs: schedule one-off jobs in a transaction (`enqueue`), run what is due (platform/jobs). */
  jobs: Jobs;
  /** Events between the parts and the instances (the socket's channels among them). */
  bus: Bus;
  /** The session lookup; whatever ends sessions tells it (`ended`) after its commit. */
  sessions: Sessions;
  delivery: Sender;
  /** Seals what the server must read back (two-factor keys) under SECRETS_KEY (decision 0158). */
  secrets: SecretBox;
  /** The enabled chains: clients, USDT and its decimals, deposit addresses, the hot wallet (platform/chain). */
  chain: Chain;
  log: FastifyBaseLogger;
  /** The ledger's invariants and every area's checks of its own rows (`areas.ts`). */
  checkLedger: (q: Queryable) => Promise<string[]>;
  /** What every area has promised to pay from a realm's treasury in a window (`areas.ts`; decision 0126). */
  treasuryOwed: TreasuryOwed;
}
