import { z } from 'zod';
import { amountText } from '../../ledger/schemas.ts';
import { watcherState } from '../deposit/schemas.ts';

/**
 * The back office's hot wallet and chain status (issue 15): per enabled chain, the platform's
 * wallets as read from the chain now, the deposit watcher, the sweeps and the withdrawals waiting
 * for the hot wallet. Native-coin amounts are decimal strings of the chain's coin (18 decimals).
 */
export const SWEEP_STATUSES = ['pending', 'gas_sent', 'swept', 'skipped'] as const;
export type SweepStatus = (typeof SWEEP_STATUSES)[number];
export const SWEEP_SKIP_REASONS = ['dust', 'gas_price', 'gas_underfunded', 'rpc', 'reverted'] as const;
export type SweepSkipReason = (typeof SWEEP_SKIP_REASONS)[number];

const nativeText = z.string().describe('Native coin (ETH, BNB, CRO), a decimal string');

export const sweepRecord = z.object({
  id: z.string(),
  address: z.string(),
  userId: z.string(),
  status: z.enum(SWEEP_STATUSES),
  reason: z.enum(SWEEP_SKIP_REASONS).nullable().describe('Why it was skipped'),
  detail: z.string().nullable().describe('The raw text behind the reason'),
  amount: amountText.nullable().describe('USDT on the address when last read (moved, once swept)'),
  gasTxHash: z.string().nullable(),
  sweepTxHash: z.string().nullable(),
  topUp: nativeText.nullable().describe('Native coin the gas account sent the address'),
  fee: nativeText.describe('Gas paid so far (top-up and transfer): the platform’s cost'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  sweptAt: z.iso.datetime().nullable(),
});
export type SweepRecord = z.infer<typeof sweepRecord>;

export const chainStatus = z.object({
  chainId: z.number().int(),
  name: z.string(),
  coin: z.string().describe('The chain’s native coin'),
  usdt: z.string().describe('The USDT contract'),
  decimals: z.number().int().describe('USDT decimals, as read on chain'),
  gasPrice: nativeText.nullable().describe('The node’s gas price now, in gwei'),
  hotWallet: z.object({
    address: z.string(),
    usdt: amountText.nullable().describe('null when the node did not answer'),
    native: nativeText.nullable(),
  }),
  gasAccount: z
    .object({
      address: z.string(),
      native: nativeText.nullable(),
      underfunded: z.boolean().describe('Holds less than ten sweeps’ gas at the current gas price'),
      reportedAt: z.iso.datetime().describe('When the sweep signer last reported it'),
    })
    .nullable()
    .describe('null while no process with the sweep signer has run (sweeps are then not running)'),
  watcher: watcherState,
  sweeps: z.object({
    open: z.number().int().describe('Pending, gas sent or skipped'),
    swept: amountText.describe('USDT swept to the hot wallet, all time'),
    gasSpent: nativeText.describe('Gas paid for sweeps, all time: the platform’s cost'),
    items: z.array(sweepRecord).describe('Open sweeps first, then the latest swept (at most 50)'),
  }),
  waitingWithdrawals: z.object({
    count: z.number().int(),
    amount: amountText.describe('USDT they need (amount - fee each), still frozen'),
  }),
  error: z.string().nullable().describe('Why the chain could not be read now'),
});
export type ChainStatus = z.infer<typeof chainStatus>;
export const chainStatuses = z.object({ items: z.array(chainStatus) });
export type ChainStatuses = z.infer<typeof chainStatuses>;
