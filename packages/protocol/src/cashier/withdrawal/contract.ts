import { contract, emptyBody } from '../../contract.ts';
import { withdrawalAdminEndpoints, withdrawalEndpoints } from './endpoints.ts';
import {
  adminWithdrawal,
  adminWithdrawalQuery,
  adminWithdrawalsPage,
  adminWithdrawalsQuery,
  approveWithdrawalBody,
  rejectWithdrawalBody,
  withdrawal,
  withdrawalsPage,
  withdrawalsQuery,
  withdrawBody,
  withdrawInfo,
} from './schemas.ts';

export const withdrawalContract = contract(withdrawalEndpoints, {
  info: { body: emptyBody, response: withdrawInfo },
  withdraw: { body: withdrawBody, response: withdrawal },
  list: { body: withdrawalsQuery, response: withdrawalsPage },
});

export const withdrawalAdminContract = contract(withdrawalAdminEndpoints, {
  withdrawals: { body: adminWithdrawalsQuery, response: adminWithdrawalsPage },
  withdrawal: { body: adminWithdrawalQuery, response: adminWithdrawal },
  approve: { body: approveWithdrawalBody, response: adminWithdrawal },
  reject: { body: rejectWithdrawalBody, response: adminWithdrawal },
});
