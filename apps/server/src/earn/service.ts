import {
  accrualDays,
  dailyYield,
  dayIso,
  earnAmountRefusal,
  formatUnits,
  freeze,
  isDecimal,
  parseUnits,
  platformAccount,
  rateFor,
  redemptionLegs,
  redemptionPenalty,
  userAccount,
  utcDay,
} from '@otc/core';
import { EARN_ACCOUNT } from '@otc/protocol/earn/constants';
import type {
  EarnProduct,
  EarnRedeemBody,
  EarnSubscribeBody,
  EarnSubscription,
} from '@otc/protocol/earn/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import { publishUserEvent } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import { fail, failField } from '../http/errors.ts';
import { amountParam } from '../i18n/translate.ts';
import { announceBalances, callerRealm, findAsset } from '../ledger/index.ts';
import { accountIds, once, post, saveResult, setJournalReference } from '../postings/index.ts';
import { checkTradePassword } from '../users/index.ts';
import { accrueBatch } from './accrual.ts';
import * as queries from './queries.ts';
import { SUBSCRIPTION_COLUMNS, type SubscriptionRow, toProduct, toSubscription } from './rows.ts';

/**
 * Earn's use cases (issue 26): the products on offer, subscribing (the principal frozen in the
 * funding account, the rate fixed), the caller's subscriptions, early redemption. Each money call
 * is one transaction under its idempotency key, with the transaction password.
 */
export class EarnService {
  constructor(private readonly ctx: AppContext) {}

  async products(kind?: EarnProduct['kind']): Promise<EarnProduct[]> {
    return (await queries.products(this.ctx.db, { open: true, kind })).map(toProduct);
  }

  async subscribe(userId: string, body: EarnSubscribeBody): Promise<EarnSubscription> {
    const realm = await callerRealm(this.ctx, userId);
    const product = await queries.product(this.ctx.db, body.productId);
    if (!product) failField('earn_product_unknown', 'productId');
    if (product.status !== 'open') failField('earn_product_closed', 'productId');
    const asset = await findAsset(this.ctx.db, product.asset);
    if (!isDecimal(body.amount, asset.decimals))
      failField('amount_precision', 'amount', { decimals: asset.decimals });
    const amount = parseUnits(body.amount);
    const range = {
      minAmount: parseUnits(product.min_amount),
      maxAmount: parseUnits(product.max_amount),
      rateMin: parseUnits(product.rate_min),
      rateMax: parseUnits(product.rate_max),
    };
    const refused = earnAmountRefusal(amount, range.minAmount, range.maxAmount);
    if (refused)
      failField(refused, 'amount', {
        min: amountParam(formatUnits(range.minAmount), asset),
        max: amountParam(formatUnits(range.maxAmount), asset),
        asset: asset.code,
      });
    await this.password(userId, realm, body.tradePassword);
    const now = this.ctx.clock.now();
    const rate = rateFor(amount, range);
    const { first, last } = accrualDays(now, product.cycle_days);
    const account = userAccount(userId, EARN_ACCOUNT);
    const request = { op: 'earn.subscribe', product: product.id, amount: formatUnits(amount) };
    let fresh = false;
    const done = await once(this.ctx.db, userId, body.idempotencyKey, request, async (q, idem) => {
      const journalId = await post(q, {
        realm,
        kind: 'earn.subscribe',
        legs: freeze(account, asset.code, amount),
        ...idem,
      });
      const [accountId] = await accountIds(q, [{ realm, account, asset: asset.code }]);
      const id = await queries.insertSubscription(q, {
        userId,
        realm,
        productId: product.id,
        asset: asset.code,
        accountId: accountId as string,
        principal: formatUnits(amount),
        dailyRate: formatUnits(rate),
        dailyYield: formatUnits(dailyYield(amount, rate)),
        cycleDays: product.cycle_days,
        penaltyRate: product.penalty_rate,
        subscribedAt: new Date(now).toISOString(),
        firstDay: dayIso(first),
        lastDay: dayIso(last),
        paidThrough: dayIso(utcDay(now)),
        journalId,
      });
      await setJournalReference(q, journalId, id);
      const made = await this.read(q, id);
      await saveResult(q, journalId, made);
      fresh = true;
      return made;
    });
    if (fresh) await this.announce(userId, realm, done);
    return done;
  }

  async subscriptions(
    userId: string,
    body: { status?: 'open' | 'ended' | undefined } & PageRequest,
  ): Promise<{ items: EarnSubscription[]; total: number }> {
    const filter =
      body.status === 'open'
        ? ` AND s.status = 'active'`
        : body.status === 'ended'
          ? ` AND s.status = 'ended'`
          : '';
    const now = this.ctx.clock.now();
    const { rows, total } = await paged<SubscriptionRow>(
      this.ctx.db,
      {
        select: SUBSCRIPTION_COLUMNS,
        // $2 (today) is read by the columns only; the count names it too, so both share the parameters.
        from: `earn_subscriptions s JOIN earn_products p ON p.id = s.product_id WHERE s.user_id = $1 AND $2::date IS NOT NULL${filter}`,
        orderBy: 's.id DESC',
      },
      [userId, dayIso(utcDay(now))],
      body,
    );
    return { items: rows.map((r) => toSubscription(r, now)), total };
  }

  /**
   * Redeems early: the whole days already over are paid first (the job may not have run yet), then
   * the principal comes back less the penalty, capped at the yield paid. Another user's
   * subscription reads as unknown. One whose cycle ended meanwhile matures instead, whole.
   */
  async redeem(userId: string, body: EarnRedeemBody): Promise<EarnSubscription> {
    await this.password(userId, await callerRealm(this.ctx, userId), body.tradePassword);
    const request = { op: 'earn.redeem', id: body.id };
    let fresh: Realm | undefined;
    const done = await once(this.ctx.db, userId, body.idempotencyKey, request, async (q, idem) => {
      const held = await queries.lockSubscription(q, userId, body.id);
      if (!held) failField('earn_subscription_unknown', 'id');
      if (held.status === 'ended') fail('earn_subscription_ended');
      const now = this.ctx.clock.now();
      await accrueBatch(q, now, { only: held.id });
      const sub = (await queries.lockSubscription(q, userId, body.id)) as NonNullable<typeof held>;
      if (sub.status === 'ended') {
        // Its last day was over: matured by the catch-up, nothing kept back (no posting carries the
        // key, so the same request again answers that it has ended).
        fresh = sub.realm;
        return this.read(q, sub.id);
      }
      const principal = parseUnits(sub.principal);
      const penalty = redemptionPenalty(principal, parseUnits(sub.penalty_rate), parseUnits(sub.paid_total));
      const journalId = await post(q, {
        realm: sub.realm,
        kind: 'earn.redeem',
        reference: sub.id,
        legs: redemptionLegs(
          userAccount(userId, EARN_ACCOUNT),
          platformAccount('treasury'),
          sub.asset,
          principal,
          penalty,
        ),
        ...idem,
      });
      await queries.endRedeemed(q, sub.id, formatUnits(penalty), new Date(now).toISOString(), journalId);
      const ended = await this.read(q, sub.id);
      await saveResult(q, journalId, ended);
      fresh = sub.realm;
      return ended;
    });
    if (fresh) await this.announce(userId, fresh, done);
    return done;
  }

  /**
   * Money leaves a live user's hands only with the transaction password; a demo user has none (their
   * session is passwordless play money, as their orders are), so the demo realm asks for none.
   */
  private async password(userId: string, realm: Realm, password: string | undefined): Promise<void> {
    if (realm === 'demo') return;
    if (password === undefined) failField('field_required', 'tradePassword');
    await checkTradePassword(this.ctx, userId, password);
  }

  private async read(q: Queryable, id: string): Promise<EarnSubscription> {
    const now = this.ctx.clock.now();
    const row = await queries.subscription(q, id, dayIso(utcDay(now)));
    if (!row) failField('earn_subscription_unknown', 'id');
    return toSubscription(row, now);
  }

  private async announce(userId: string, realm: Realm, subscription: EarnSubscription): Promise<void> {
    publishUserEvent(this.ctx.bus, userId, { kind: 'earn', subscription });
    await announceBalances(this.ctx, realm, [userId]);
  }
}
