import { formatUnits, parseUnits } from '@otc/core';
import { amountToSend } from '../../money/amounts.ts';
import { amountCheck, createForm, type FormCheck, required } from '../../money/form.ts';

export type WithdrawField = 'chainId' | 'address' | 'amount' | 'tradePassword';
export const WITHDRAW_FIELDS: readonly WithdrawField[] = ['chainId', 'address', 'amount', 'tradePassword'];
export const USDT_DECIMALS = 6;

export interface WithdrawValues {
  address: string;
  amount: string;
  tradePassword: string;
  /** The funding account's USDT available, and the chosen chain's minimum and fee. */
  available: string;
  minimum: string;
  fee: string;
}

export interface WithdrawSummary {
  /** The amount as it is sent. */
  amount: string;
  /** What arrives: the amount less the fee, never below zero; zero until an amount is typed. */
  received: string;
}

/** amount - fee, exactly; null when the amount is not a number yet. */
function receivedOf(amount: string, fee: string): string | null {
  try {
    const units = parseUnits(amountToSend(amount)) - parseUnits(fee);
    return units > 0n ? formatUnits(units) : '0';
  } catch {
    return null;
  }
}

/** Run after the amount's own check: the amount is a plain decimal by then. */
const atLeastMinimum: FormCheck<WithdrawValues, WithdrawField> = (v) =>
  parseUnits(amountToSend(v.amount)) < parseUnits(v.minimum)
    ? { field: 'amount', key: 'funding.withdraw.belowMinimum', amounts: { minimum: v.minimum } }
    : null;

const aboveFee: FormCheck<WithdrawValues, WithdrawField> = (v) =>
  parseUnits(amountToSend(v.amount)) <= parseUnits(v.fee)
    ? { field: 'amount', key: 'funding.withdraw.notAboveFee', amounts: { fee: v.fee } }
    : null;

/** The withdraw form (`tibi`): an address, an amount the chain accepts, the transaction password. */
export const withdrawForm = createForm<WithdrawValues, WithdrawSummary, WithdrawField>({
  checks: [
    required('address', (v) => v.address.trim(), 'funding.withdraw.enterAddress'),
    amountCheck(
      'amount',
      (v) => v.amount,
      (v) => ({ decimals: USDT_DECIMALS, available: v.available }),
    ),
    atLeastMinimum,
    aboveFee,
    required('tradePassword', (v) => v.tradePassword, 'funding.withdraw.enterTradePassword'),
  ],
  summary: (v) => ({ amount: amountToSend(v.amount), received: receivedOf(v.amount, v.fee) ?? '0' }),
});
