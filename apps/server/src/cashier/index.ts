import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { seedSampleBankAccount } from './bank/sample.ts';
import { attestReserves } from './deposit/attest.ts';
import { depositJobs } from './deposit/jobs.ts';
import { watcherLagMetric } from './deposit/lag-metric.ts';
import { cashierRoutes } from './routes.ts';
import { holdsSweepKeys, sweepJobs } from './sweep/jobs.ts';
import { checkWithdrawals, withdrawalsFrozen } from './withdrawal/check.ts';
import { startWithdrawalRounds } from './withdrawal/rounds.ts';

/**
 * Money in and out of the platform: chain deposits (the watcher), bank deposits with a proof,
 * withdrawals to an address book, each reviewed by the published rules (PRODUCT.md "Deposits",
 * "Withdrawals"). Its parts keep files of their own (deposits, bank, withdrawals, addresses).
 */
export function cashierArea(ctx: AppContext): Area {
  return {
    name: 'cashier',
    routes: (app) => cashierRoutes(app, ctx),
    seed: () => seedSampleBankAccount(ctx),
    // The watcher and the sweeper read the enabled chains; with none (DEV_CHAIN=0 and no RPC URL)
    // there is nothing to watch or sweep.
    // The sweeper is declared only where the signer's keys are: a worker without them never claims
    // the job (it would run it and move nothing), so the one that holds them does.
    jobs:
      ctx.chain.chains().length > 0
        ? [...depositJobs(ctx), ...(holdsSweepKeys(ctx) ? sweepJobs(ctx) : [])]
        : [],
    background: () => startWithdrawalRounds(ctx),
    start: async () => watcherLagMetric(ctx),
  };
}

/** The area as `areas.ts` lists it; it checks its pending withdrawals' freezes. */
export const cashierModule: AreaModule = {
  tables: [
    'deposit_addresses',
    'deposit_cursors',
    'deposits',
    'deposit_sweeps',
    'sweep_gas_accounts',
    'bank_deposit_account',
    'bank_deposits',
    'withdraw_addresses',
    'withdrawals',
    'withdrawal_decisions',
    'hot_wallet_nonces',
  ],
  // Every credited deposit, chain or bank, with when (the activities count them).
  shares: ['credited_deposits'],

  build: (ctx) => cashierArea(ctx),
  ledgerCheck: checkWithdrawals,
  frozenHolders: withdrawalsFrozen,
};

/** The chains' status for the operator's command line (admin-cli.ts). */
export { chainStatusFrom } from './chain/command-line.ts';
export type { AttestedAddress } from './deposit/attest.ts';
/** What the proof area signs its snapshots' reserves with (decision 0141). */
export { attestReserves };
