import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import type { JobDefinition } from './jobs/types.ts';
import type { TableOwner } from './tables.ts';
import type { TreasuryOwed } from './treasury.ts';

/** Stops what an area started; awaited when the app closes. */
export type Stop = () => void | Promise<void>;

/**
 * A business area as the app sees it: everything the area brings, declared in one object exported
 * by its `index.ts`, so `app.ts` and `main.ts` loop over one list (`areas.ts`) instead of wiring
 * each area by hand. Every part is optional. An area left out of the list is off: the seed's calls
 * it would have taken over answer "not available yet".
 */
export interface Area {
  /** The area's folder name. */
  name: string;
  /** Rows the area needs before it serves (agreements, the catalogue, the first operator); every start, idempotent. */
  seed?(): Promise<void>;
  /**
   * What must be in place before the area serves, in every process and in tests (the market's
   * prices, the VIP levels, the engines' ownership). Returns how to stop it.
   */
  start?(): Promise<Stop | undefined>;
  /** Its HTTP routes, the app's and the back office's (each route's `config` says who may call it). */
  routes?(app: FastifyInstance): void | Promise<void>;
  /**
   * Its kinds of durable job (the area's `jobs.ts`): recurring ones get their row at start; the
   * platform's runner runs them where the role runs jobs (`roles.runsJobs`), once across processes.
   */
  jobs?: readonly JobDefinition[];
  /**
   * The process's background work (feeds, the market maker), started by `main.ts`
   * only, where the process's role allows it (see `roles.ts`). Returns how to stop it.
   */
  background?(): Stop | undefined;
}

/**
 * An area as `areas.ts` lists it, exported by its `index.ts`: how to build it, and what the ledger
 * check asks of it. The checks are plain values beside the builder, so the ledger check runs from
 * the same list without building the app (`npm run ledger:check`, the tests on a bare database).
 */
export interface AreaModule<A extends Area = Area> extends TableOwner {
  /**
   * Builds the area in the app's context. `need` hands over another area of the list, built once
   * (the market's hub for the engines): an area names what it builds on here, not in `areas.ts`.
   */
  build(ctx: AppContext, need: Need): A;
  /** Its own ledger-check queries over its tables, if it moves money. */
  ledgerCheck?: LedgerCheck;
  /** What it holds frozen in users' accounts, if it freezes: the frozen-holders check sums every area's. */
  frozenHolders?: FrozenHolders;
  /** What it has promised to pay from the realm's treasury, if it pays from it (treasury exposure). */
  treasuryOwed?: TreasuryOwed;
}

/** Another area of the list, built once, whichever asks first. */
export type Need = <A extends Area>(area: AreaModule<A>) => A;

/**
 * An area's own ledger-check queries over its tables (its `AreaModule`'s `ledgerCheck`;
 * `areas.ts` runs them all): what is wrong, nothing when whole. Pure queries, so the check runs
 * without starting the app (`npm run ledger:check`).
 */
export type LedgerCheck = (q: Queryable) => Promise<string[]>;

/**
 * What an area holds frozen in users' ledger accounts: every frozen amount has a named holder (an
 * open order, an open position's margin, a pending withdrawal, an unsettled contract), so the
 * ledger's frozen-holders check sums every area's holders per account and compares them with the
 * account's frozen amount, whatever its kind. No area claims a whole account: seconds stakes and
 * positions' margins share the contract account.
 */
export interface FrozenHolders {
  /** The area's folder name, as the check's messages name it. */
  area: string;
  /**
   * A SELECT with one row per holder of a non-zero frozen amount and these columns: `realm`,
   * `owner` (the user id as text), `kind` (the account kind), `asset`, `amount` (NUMERIC) and
   * `holder` (what holds it, e.g. `order 12`).
   */
  sql: string;
}
