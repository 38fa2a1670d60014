import { z } from 'zod';
import { pageQuery } from '../../admin/schemas.ts';
import { amountText, pageBody } from '../../ledger/schemas.ts';

/**
 * Chain deposits (issue 15, PRODUCT.md "Deposits"): each user has one USDT deposit address per
 * enabled chain; the watcher records every transfer it sees to one as pending and credits it once
 * the chain's confirmations are reached. Amounts are decimal strings in USDT, exact to the token's
 * decimals (read on chain).
 */
export const DEPOSIT_COIN = 'USDT';
/** PRODUCT.md: deposits below this are recorded but not credited. */
export const DEPOSIT_MINIMUM = '10';

/** A chain id on the wire; which chains are enabled is the server's to say (`chains` below). */
export const depositChainId = z.number().int().positive().describe('EVM chain id: 1, 56, 25, or 31337 (dev)');

export const depositChain = z.object({
  chainId: z.number().int(),
  name: z.string(),
  confirmations: z.number().int().describe('Confirmations a deposit waits for before it is credited'),
});
export type DepositChain = z.infer<typeof depositChain>;

export const depositAddressBody = z.strictObject({
  chainId: depositChainId.optional().describe('The chain; the first enabled one when absent'),
});
export type DepositAddressBody = z.infer<typeof depositAddressBody>;

export const depositAddress = z.object({
  coin: z.literal(DEPOSIT_COIN),
  chainId: z.number().int(),
  address: z.string().describe('Send only USDT on this chain to it'),
  token: z.string().describe('The chain’s USDT contract, which a wallet transfer calls'),
  decimals: z.number().int().describe('The USDT contract’s decimals, as read on chain'),
  minimum: amountText.describe('Deposits below this are recorded but not credited'),
  confirmations: z.number().int(),
  chains: z.array(depositChain).describe('Every enabled chain, for the chain chips'),
});
export type DepositAddress = z.infer<typeof depositAddress>;

export const DEPOSIT_STATUSES = ['pending', 'credited', 'below_minimum', 'dropped'] as const;
export const depositStatus = z
  .enum(DEPOSIT_STATUSES)
  .describe(
    'pending: waiting for confirmations; credited: in the funding account; below_minimum: under the minimum, recorded but not credited; dropped: its block left the chain (a reorg) before it was credited',
  );
export type DepositStatus = z.infer<typeof depositStatus>;

export const depositRecord = z.object({
  id: z.string(),
  coin: z.literal(DEPOSIT_COIN),
  chainId: z.number().int(),
  chainName: z.string(),
  txHash: z.string(),
  amount: amountText,
  confirmations: z.number().int().describe('Confirmations seen when last looked at'),
  confirmationsNeeded: z.number().int(),
  status: depositStatus,
  createdAt: z.iso.datetime(),
  creditedAt: z.iso.datetime().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

export const depositListBody = pageBody.extend({ chainId: depositChainId.optional() }).strict();
export type DepositListBody = z.infer<typeof depositListBody>;
export const depositList = z.object({ items: z.array(depositRecord), total: z.number().int() });
export type DepositList = z.infer<typeof depositList>;

// The back office: every deposit, and the watcher's state per chain.
export const adminDepositsQuery = pageQuery.extend({
  status: depositStatus.optional(),
  chainId: z.coerce.number().int().positive().optional(),
});
export const adminDeposit = depositRecord.extend({
  userId: z.string(),
  address: z.string(),
  blockNumber: z.string(),
  logIndex: z.number().int(),
});
export type AdminDeposit = z.infer<typeof adminDeposit>;
export const adminDepositList = z.object({ items: z.array(adminDeposit), total: z.number().int() });
export type AdminDepositList = z.infer<typeof adminDepositList>;

export const watcherState = z.object({
  chainId: z.number().int(),
  name: z.string(),
  cursor: z.string().nullable().describe('The last block scanned; null before the first scan'),
  head: z.string().nullable().describe('The chain head when last asked; null when the node did not answer'),
  lag: z.string().nullable().describe('head - cursor in blocks'),
  pending: z.number().int(),
  scannedAt: z.iso.datetime().nullable(),
  error: z.string().nullable().describe('The last scan error, cleared by a good scan'),
});
export type WatcherState = z.infer<typeof watcherState>;
export const watcherStates = z.object({ items: z.array(watcherState) });
export type WatcherStates = z.infer<typeof watcherStates>;

// Proof of reserves: what the platform holds on chain, set against the published liabilities.
export const reserveChain = z.object({
  chainId: z.number().int(),
  name: z.string(),
  hotWallet: amountText.describe('USDT held by the hot wallet'),
  depositAddresses: amountText.describe('USDT still on users’ deposit addresses'),
  addresses: z.number().int().describe('Deposit addresses counted'),
  error: z.string().nullable().describe('Why this chain could not be read (its amounts are then 0)'),
});
export const reserves = z.object({
  asset: z.literal(DEPOSIT_COIN),
  chains: z.array(reserveChain),
  total: amountText.describe('USDT on chain across the enabled chains'),
  at: z.iso.datetime().describe('When the balances were read (cached for a minute)'),
});
export type Reserves = z.infer<typeof reserves>;
