import type { Units } from '../../money/decimal.ts';
import { tokenToUnits } from '../deposit/deposits.ts';

/**
 * The sweep's rule, without I/O (docs/decisions/0067-sweeps-signer-on-worker.md): what one pass does with a deposit
 * address, from what it read on chain. The address's token balance is what is moved (all of it,
 * never an amount from the books), so an address already emptied moves nothing again.
 *
 * - nothing on the address: nothing to do (its credited deposits are covered);
 * - under the dust threshold: skipped (`dust`), as its gas would cost more than it moves;
 * - gas price above the cap: skipped (`gas_price`), tried again on a later pass;
 * - the address lacks the native coin for the transfer's gas: a top-up of exactly what is missing,
 *   from the gas account, unless that account cannot pay it and its own transfer's fee
 *   (`gas_underfunded`);
 * - otherwise: transfer the whole token balance to the hot wallet.
 */
export type SweepStep =
  | { kind: 'nothing' }
  | { kind: 'skip'; reason: 'dust' | 'gas_price' | 'gas_underfunded' }
  | { kind: 'top_up'; wei: bigint }
  | { kind: 'transfer'; tokens: bigint };

export interface SweepReading {
  /** The address's token balance, in the token's units. */
  tokens: bigint;
  decimals: number;
  /** Below this (ledger units, USDT) an address is not swept. */
  dust: Units;
  gasPrice: bigint;
  maxGasPrice: bigint;
  /** The address's native coin, wei. */
  native: bigint;
  /** The gas account's native coin, wei. */
  gasAccount: bigint;
  /** Gas limit of the token transfer. */
  transferGas: bigint;
  /** Gas of the top-up (a plain native transfer: 21000). */
  topUpGas: bigint;
}

export function sweepStep(r: SweepReading): SweepStep {
  if (r.tokens <= 0n) return { kind: 'nothing' };
  if (tokenToUnits(r.tokens, r.decimals) < r.dust) return { kind: 'skip', reason: 'dust' };
  if (r.gasPrice > r.maxGasPrice) return { kind: 'skip', reason: 'gas_price' };
  const needed = r.transferGas * r.gasPrice;
  if (r.native >= needed) return { kind: 'transfer', tokens: r.tokens };
  const wei = needed - r.native;
  if (r.gasAccount < wei + r.topUpGas * r.gasPrice) return { kind: 'skip', reason: 'gas_underfunded' };
  return { kind: 'top_up', wei };
}

/**
 * Whether a gas account is underfunded: it holds less than `sweeps` top-ups at the current gas
 * price (each the transfer's whole gas plus its own fee), so the back office warns before sweeps
 * start being skipped. Chain-agnostic: no amount of a coin is assumed.
 */
export function gasAccountUnderfunded(
  balance: bigint,
  gasPrice: bigint,
  transferGas: bigint,
  topUpGas: bigint,
  sweeps = 10n,
): boolean {
  return balance < sweeps * (transferGas + topUpGas) * gasPrice;
}
