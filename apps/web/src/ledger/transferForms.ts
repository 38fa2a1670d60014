import { amountToSend } from '../money/amounts.ts';
import { type AmountValues, amountCheck, createForm, required } from '../money/form.ts';

export type UserTransferField = 'toUserId' | 'amount' | 'tradePassword';
export const USER_TRANSFER_FIELDS: readonly UserTransferField[] = ['toUserId', 'amount', 'tradePassword'];

export interface UserTransferValues extends AmountValues {
  toUserId: string;
  tradePassword: string;
}

/** To another user: their ID, the amount, the transaction password, read in that order. */
export const userTransferForm = createForm<UserTransferValues, string, UserTransferField>({
  checks: [
    required('toUserId', (v) => v.toUserId, 'transfer.user.enterUserId'),
    amountCheck(
      'amount',
      (v) => v.amount,
      (v) => v,
    ),
    required('tradePassword', (v) => v.tradePassword, 'transfer.user.enterTradePassword'),
  ],
  summary: (v) => amountToSend(v.amount),
});
