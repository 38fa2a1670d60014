import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { Sender } from './delivery/message.ts';

/** What every area is given when it is wired into the app. */
export interface AppContext {
  config: Config;
  db: Db;
  delivery: Sender;
  log: FastifyBaseLogger;
}
