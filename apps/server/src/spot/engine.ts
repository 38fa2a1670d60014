import { type MarketSpec, marketSpec } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/db.ts';
import type { Fence } from '../db/ownership.ts';
import type { InstrumentSpec } from '../market/index.ts';
import type { Clock } from '../platform/clock.ts';
import { TradingEngine } from '../trading/engine.ts';
import { SpotBookPolicy } from './policy.ts';
import type { FeeRates } from './settlement.ts';
import type { SpotTraded } from './traded.ts';

/**
 * The single writer of one spot book (one market in one realm): the pipeline's engine
 * (`trading/engine.ts`) on spot's policy, with what spot's entry checks and market maker read.
 */
export class SpotEngine extends TradingEngine<SpotTraded> {
  readonly spec: MarketSpec;

  constructor(
    readonly instrument: InstrumentSpec,
    readonly realm: Realm,
    db: Db,
    bus: Bus,
    log: FastifyBaseLogger,
    fees: FeeRates,
    clock: Clock,
    fence: Fence,
  ) {
    const spec = marketSpec({
      tickSize: instrument.tickSize,
      lotSize: instrument.lotSize,
      minNotional: instrument.minNotional,
    });
    super(new SpotBookPolicy(instrument, realm, spec, fees, bus, clock), db, bus, log, fence);
    this.spec = spec;
  }

  bestAsk = () => this.book.bestAsk();
  bestBid = () => this.book.bestBid();
}
