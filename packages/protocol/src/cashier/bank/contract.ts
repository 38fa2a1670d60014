import { contract } from '../../contract.ts';
import { bankDepositAdminEndpoints, bankDepositEndpoints } from './endpoints.ts';
import {
  approveBankDepositBody,
  bankAccount,
  bankAccountFields,
  bankDeposit,
  bankDepositInfo,
  bankDepositQuery,
  bankDepositReview,
  bankDepositsPage,
  bankDepositsQuery,
  bankReviewPage,
  bankReviewQuery,
  rejectBankDepositBody,
  submitBankDepositBody,
} from './schemas.ts';

export const bankDepositContract = contract(bankDepositEndpoints, {
  info: { response: bankDepositInfo },
  submit: { body: submitBankDepositBody, response: bankDeposit },
  list: { body: bankDepositsQuery, response: bankDepositsPage },
});

export const bankDepositAdminContract = contract(bankDepositAdminEndpoints, {
  account: { response: bankDepositInfo },
  setAccount: { body: bankAccountFields, response: bankAccount },
  deposits: { body: bankReviewQuery, response: bankReviewPage },
  deposit: { body: bankDepositQuery, response: bankDepositReview },
  approve: { body: approveBankDepositBody, response: bankDepositReview },
  reject: { body: rejectBankDepositBody, response: bankDepositReview },
});
