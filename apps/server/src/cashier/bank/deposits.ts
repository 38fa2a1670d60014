import { meetsMinimum } from '@otc/core';
import { BANK_DEPOSIT_ACCOUNT, BANK_DEPOSIT_ASSET, BANK_DEPOSIT_MIN } from '@otc/protocol/cashier/bank/rules';
import type { BankDeposit, BankDepositInfo, SubmitBankDepositBody } from '@otc/protocol/cashier/bank/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { fail, failField } from '../../http/errors.ts';
import { amountParam } from '../../i18n/translate.ts';
import { findAsset, userAmount } from '../../ledger/index.ts';
import { findOwnUpload } from '../../uploads/index.ts';
import { toBankDeposit } from './format.ts';
import {
  type BankDepositRecord,
  bankDepositById,
  insertBankDeposit,
  readBankAccount,
  readBankAccountState,
  userBankDeposits,
} from './queries.ts';
import { announceBankDeposit } from './record.ts';

/** Simulated accounts cannot deposit (seed §6): every bank deposit call says so, nothing is stored. */
export function refuseDemo(caller: { realm: Realm }): void {
  if (caller.realm === 'demo') fail('deposit_demo');
}

/**
 * The deposit page's bank tab: the platform's account (none until an admin sets it; on the embedded
 * default a sample, marked) and the rules.
 */
export async function bankDepositInfo(q: Queryable): Promise<BankDepositInfo> {
  return {
    ...(await readBankAccountState(q)),
    minimum: BANK_DEPOSIT_MIN,
    asset: BANK_DEPOSIT_ASSET,
    creditedTo: BANK_DEPOSIT_ACCOUNT,
  };
}

/**
 * A user reports a bank transfer: stored pending an operator's review, nothing credited yet.
 * Refused, with nothing stored, for a demo account (seed §6), below the minimum or beyond the
 * asset's decimals, when the proof is not one of the caller's own payment-proof uploads or already
 * backs a deposit not rejected, and while
 * the platform has no bank account to pay into.
 */
export async function submitBankDeposit(
  ctx: AppContext,
  caller: { userId: string; realm: Realm },
  body: SubmitBankDepositBody,
): Promise<BankDeposit> {
  refuseDemo(caller);
  const asset = await findAsset(ctx.db, BANK_DEPOSIT_ASSET);
  userAmount(asset, body.amount);
  if (!meetsMinimum(body.amount, BANK_DEPOSIT_MIN))
    failField('bank_deposit_minimum', 'amount', {
      min: amountParam(BANK_DEPOSIT_MIN, asset),
      asset: asset.code,
    });
  const id = await ctx.db.tx(async (q) => {
    const paidTo = await readBankAccount(q);
    if (!paidTo) fail('bank_account_unset');
    if (!(await findOwnUpload(q, body.proof, caller.userId, 'payment_proof')))
      failField('bank_proof_invalid', 'proof');
    const stored = await insertBankDeposit(q, {
      userId: caller.userId,
      asset: asset.code,
      amount: body.amount,
      reference: body.reference,
      proof: body.proof,
      paidTo,
      at: ctx.clock.date(),
    });
    // The partial unique index decides, so two racing submits of one proof cannot both get in.
    if (!stored) failField('bank_proof_used', 'proof');
    return stored;
  });
  await announceBankDeposit(ctx, id);
  return toBankDeposit((await bankDepositById(ctx.db, id)) as BankDepositRecord);
}

/** The caller's bank deposits, latest first (demo accounts have none: they cannot deposit). */
export async function myBankDeposits(
  q: Queryable,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: BankDeposit[]; total: number }> {
  const { items, total } = await userBankDeposits(q, userId, {
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return { items: items.map(toBankDeposit), total };
}
