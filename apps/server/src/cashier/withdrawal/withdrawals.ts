import { amountRefusal, approvalsNeeded, canonicalDecimal, formatUnits, parseUnits } from '@otc/core';
import { chainName } from '@otc/protocol/cashier/chains';
import type { Withdrawal, WithdrawBody, WithdrawInfo } from '@otc/protocol/cashier/withdrawal/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import { checkSecondFactor, totpEnabled } from '../../auth/index.ts';
import type { AppContext } from '../../context.ts';
import { fail, failField } from '../../http/errors.ts';
import { amountParam } from '../../i18n/translate.ts';
import { requireVerification } from '../../kyc/index.ts';
import { announceBalances, findAsset, userAmount } from '../../ledger/index.ts';
import { once, saveResult } from '../../postings/index.ts';
import { checkTradePassword, tradePasswordState } from '../../users/index.ts';
import { checkedAddress } from '../evm-address.ts';
import { limitsOf, thresholdsOf, withdrawChainIds } from './chains.ts';
import { freezeWithdrawal } from './ledger.ts';
import * as queries from './queries.ts';
import { announceWithdrawal, toWithdrawal } from './record.ts';

type Caller = { userId: string; realm: Realm };

/** The coin withdrawals pay out (PRODUCT.md: USDT on each chain). */
export const WITHDRAW_ASSET = 'USDT';

export async function info(ctx: AppContext, caller: Caller): Promise<WithdrawInfo> {
  const demo = caller.realm === 'demo';
  const available = demo ? '0' : await queries.fundingAvailable(ctx.db, caller.userId, WITHDRAW_ASSET);
  return {
    asset: WITHDRAW_ASSET,
    available: canonicalDecimal(available),
    chains: withdrawChainIds(ctx).map((chainId) => {
      const { text } = limitsOf(ctx, chainId);
      return { chainId, name: chainName(chainId) ?? String(chainId), fee: text.fee, minimum: text.minimum };
    }),
    reviewThreshold: ctx.config.withdrawals.review,
    hasTradePassword: (await tradePasswordState(ctx, caller.userId)).exists,
    totpRequired: !demo && (await totpEnabled(ctx.db, caller.userId)),
    demo,
  };
}

/**
 * A withdrawal request. Refused with nothing frozen: for a demo account, on a chain not switched
 * on, to an address that is not an EVM one or whose checksum is wrong, without basic verification,
 * below the minimum or not above the fee, above the available balance, with a wrong transaction
 * password, without the authenticator's code once two-factor is on (decision 0158). Otherwise the
 * amount is frozen and the row written in one transaction, once per idempotency key; below the
 * review threshold it goes straight to the sender.
 */
export async function withdraw(ctx: AppContext, caller: Caller, body: WithdrawBody): Promise<Withdrawal> {
  if (caller.realm === 'demo') fail('withdraw_demo');
  if (!withdrawChainIds(ctx).includes(body.chainId)) failField('withdraw_chain_unavailable', 'chainId');
  const address = checkedAddress(body.address);
  const asset = await findAsset(ctx.db, WITHDRAW_ASSET);
  const amount = userAmount(asset, body.amount);
  await requireVerification(ctx.db, caller.userId, 'basic');
  const limits = limitsOf(ctx, body.chainId);
  const available = parseUnits(await queries.fundingAvailable(ctx.db, caller.userId, asset.code));
  const refusal = amountRefusal(amount, limits, available);
  if (refusal === 'below_minimum')
    failField('withdraw_below_minimum', 'amount', {
      minimum: amountParam(limits.text.minimum, asset),
      asset: asset.code,
    });
  if (refusal === 'not_above_fee')
    failField('withdraw_not_above_fee', 'amount', {
      fee: amountParam(limits.text.fee, asset),
      asset: asset.code,
    });
  if (refusal === 'more_than_available') failField('insufficient_balance', 'amount');
  await checkTradePassword(ctx, caller.userId, body.tradePassword);
  const needed = approvalsNeeded(amount, thresholdsOf(ctx));
  const request = { op: 'withdraw', chainId: body.chainId, address, amount: formatUnits(amount) };
  const done = await once(ctx.db, caller.userId, body.idempotencyKey, request, async (q, idem) => {
    // Spent in the freeze's transaction: a refused freeze gives the code back, and a retry of an
    // answered key is answered before this (the code is not asked twice for one withdrawal).
    await checkSecondFactor(ctx, caller.userId, body.totpCode, 'totpCode', q);
    const id = await queries.insertWithdrawal(q, {
      userId: caller.userId,
      asset: asset.code,
      chainId: body.chainId,
      address,
      amount: formatUnits(amount),
      fee: formatUnits(limits.fee),
      status: needed === 0 ? 'approved' : 'reviewing',
      approvalsNeeded: needed,
      at: ctx.clock.date(),
    });
    // The balance may have moved since it was read: the freeze itself refuses what is not there.
    const journalId = await freezeWithdrawal(
      q,
      { id, userId: caller.userId, asset: asset.code, amount: formatUnits(amount) },
      idem,
    ).catch((err: unknown) => {
      if ((err as { key?: string }).key === 'insufficient_balance')
        failField('insufficient_balance', 'amount');
      throw err;
    });
    const record = toWithdrawal((await queries.findWithdrawal(q, id)) as queries.WithdrawalRow);
    await saveResult(q, journalId, record);
    return record;
  });
  await announceBalances(ctx, 'live', [caller.userId]);
  await announceWithdrawal(ctx, done.id);
  return done;
}

export async function list(ctx: AppContext, caller: Caller, page: { page: number; pageSize: number }) {
  const { items, total } = await queries.userWithdrawals(ctx.db, caller.userId, {
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return { items: items.map(toWithdrawal), total };
}
