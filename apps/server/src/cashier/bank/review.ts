import {
  canonicalDecimal,
  externalAccount,
  isIban,
  mayDecideBankDeposit,
  move,
  parseUnits,
  userAccount,
} from '@otc/core';
import { BANK_DEPOSIT_ACCOUNT, BANK_DEPOSITS_LINK } from '@otc/protocol/cashier/bank/rules';
import type {
  BankAccount,
  BankAccountFields,
  BankDepositReview,
  BankDepositStatusName,
} from '@otc/protocol/cashier/bank/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { fail, failField } from '../../http/errors.ts';
import { announceBalances } from '../../ledger/index.ts';
import { announceNotices, notify } from '../../notifications/index.ts';
import { audit, auditOnUser } from '../../platform/audit.ts';
import { post } from '../../postings/index.ts';
import { toBankDepositReview, toBankDepositRow } from './format.ts';
import {
  decideBankDeposit,
  listBankReview,
  lockBankDeposit,
  readBankAccount,
  reviewBankDeposit,
  saveBankAccount,
} from './queries.ts';
import { announceBankDeposit } from './record.ts';

/** Where bank deposits come from in the ledger: the outside world on the bank rail. */
const BANK_WORLD = externalAccount('bank');

function operatorOf(req: FastifyRequest): string {
  const id = req.operator?.id;
  if (!id) fail('unauthorized');
  return id;
}

/** An admin sets the platform's bank account users pay into (audited with what it was before). */
export async function setBankAccount(
  ctx: AppContext,
  req: FastifyRequest,
  fields: BankAccountFields,
): Promise<BankAccount> {
  const operatorId = operatorOf(req);
  if (fields.iban !== null && !isIban(fields.iban)) failField('field_invalid', 'iban');
  await ctx.db.tx(async (q) => {
    const before = await readBankAccount(q);
    await saveBankAccount(q, fields, operatorId, ctx.clock.date());
    await audit(q, req, 'funding.bank.account', null, { before, after: fields });
  });
  return (await readBankAccount(ctx.db)) as BankAccount;
}

export async function bankReviewList(
  ctx: AppContext,
  query: { page: number; pageSize: number; status?: BankDepositStatusName | undefined },
) {
  const { items, total } = await listBankReview(ctx.db, {
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: items.map(toBankDepositRow), total };
}

export async function bankReview(ctx: AppContext, id: string): Promise<BankDepositReview> {
  const row = await reviewBankDeposit(ctx.db, id);
  if (!row) failField('not_found', 'id');
  return toBankDepositReview(row);
}

/**
 * An operator (admin or reviewer, as the endpoint's roles say) approves or rejects a pending bank
 * deposit. In one transaction: approval posts the amount from the bank's outside world to the
 * user's fiat account; the deposit is decided (naming the posting), the audit written and the user
 * notified. A decided deposit is refused, so nothing is credited twice.
 */
export async function decideBank(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<BankDepositReview> {
  const operatorId = operatorOf(req);
  const userId = await ctx.db.tx(async (q) => {
    const row = await lockBankDeposit(q, id);
    if (!row) failField('not_found', 'id');
    if (!mayDecideBankDeposit(row.status)) fail('already_decided');
    const status = decision.approve ? 'approved' : 'rejected';
    const reason = decision.approve ? null : decision.reason;
    // Demo accounts cannot submit, so every bank deposit is live money.
    const journalId = decision.approve
      ? await post(q, {
          realm: 'live',
          kind: 'deposit.bank',
          reference: `bank_deposit:${row.id}`,
          legs: move(
            BANK_WORLD,
            userAccount(row.userId, BANK_DEPOSIT_ACCOUNT),
            row.asset,
            parseUnits(row.amount),
          ),
        })
      : null;
    await decideBankDeposit(q, id, { status, reason, journalId, operatorId, at: ctx.clock.date() });
    await auditOnUser(q, req, decision.approve ? 'funding.bank.approve' : 'funding.bank.reject', row.userId, {
      deposit: id,
      amount: row.amount,
      asset: row.asset,
      ...(journalId === null ? {} : { journalId }),
      ...(reason === null ? {} : { reason }),
    });
    await notify(q, row.userId, {
      kind: `funding.bank.${status}`,
      params: {
        amount: canonicalDecimal(row.amount),
        asset: row.asset,
        ...(reason === null ? {} : { reason }),
      },
      link: BANK_DEPOSITS_LINK,
    });
    return row.userId;
  });
  if (decision.approve) await announceBalances(ctx, 'live', [userId]);
  await announceNotices(ctx, [userId]);
  await announceBankDeposit(ctx, id);
  return bankReview(ctx, id);
}
