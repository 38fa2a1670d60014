import { parseTokenAmount, TokenAmountError } from '@otc/core/money/token-units';
import { connectAccount } from './accounts.ts';
import { type Eip1193Provider, errorReason } from './eip1193.ts';
import { switchChain } from './switchChain.ts';
import { readTokenBalance } from './token.ts';
import { sendTokenTransfer } from './transfer.ts';

export interface DepositOrder {
  chainId: number;
  /** The user's own deposit address. */
  to: string;
  /** The chain's USDT contract. */
  token: string;
  /** The decimals the server knows for the token, if it says. */
  decimals?: number | undefined;
  /** The decimal amount typed. */
  amount: string;
}

/** Where a deposit from the wallet ended; each is shown to the user, none silently dropped. */
export type DepositOutcome =
  | { status: 'sent'; hash: string; from: string }
  | {
      status: 'amount';
      problem: 'invalid' | 'zero' | 'too_precise' | 'insufficient';
      decimals?: number;
      balance?: string;
    }
  | { status: 'switch-declined' | 'unknown-chain' }
  | { status: 'switch-refused'; reason: string }
  | { status: 'decimals-differ'; chain: number; server: number }
  | { status: 'error'; reason: string };

/**
 * A deposit paid from the wallet (PRODUCT.md "Deposits", invariant 2): on the deposit's chain (the
 * wallet is asked to switch), with the amount checked against the decimals the token reports and
 * the wallet's balance, then one exact-amount transfer to the deposit address. Nothing is approved.
 */
export async function depositFromWallet(
  provider: Eip1193Provider,
  order: DepositOrder,
): Promise<DepositOutcome> {
  try {
    const from = await connectAccount(provider);
    const switched = await switchChain(provider, order.chainId);
    if (switched.status === 'rejected') return { status: 'switch-declined' };
    if (switched.status === 'unknown-chain') return { status: 'unknown-chain' };
    if (switched.status === 'refused') return { status: 'switch-refused', reason: switched.reason };
    const balance = await readTokenBalance(provider, order.token, from);
    if (order.decimals !== undefined && order.decimals !== balance.decimals)
      return { status: 'decimals-differ', chain: balance.decimals, server: order.decimals };
    let units: bigint;
    try {
      units = parseTokenAmount(order.amount, balance.decimals);
    } catch (error) {
      if (!(error instanceof TokenAmountError)) throw error;
      return { status: 'amount', problem: error.reason, decimals: balance.decimals };
    }
    if (units === 0n) return { status: 'amount', problem: 'zero' };
    if (units > balance.units) return { status: 'amount', problem: 'insufficient', balance: balance.amount };
    const sent = await sendTokenTransfer(provider, { from, token: order.token, to: order.to, units });
    return sent.status === 'sent' ? { status: 'sent', hash: sent.hash, from } : sent;
  } catch (error) {
    return { status: 'error', reason: errorReason(error) };
  }
}
