import {
  availabilityRefusal,
  breakEvenRate,
  formatUnits,
  isDecimal,
  lossShare,
  parseUnits,
  periodOf,
  secondsOrderLegs,
  stakeRefusal,
  userAccount,
} from '@otc/core';
import type { Language } from '@otc/protocol/languages';
import {
  SECONDS_ACCOUNT,
  SECONDS_ASSET,
  SECONDS_LOSS_SHARE_DAYS,
  SECONDS_MAX_STAKE,
  SECONDS_MIN_STAKE,
} from '@otc/protocol/seconds/constants';
import type {
  PlaceSecondsBody,
  SecondsAccess,
  SecondsOrder,
  SecondsProducts,
  SecondsProof,
} from '@otc/protocol/seconds/schemas';
import { publishUserEvent } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import { fail, failField } from '../http/errors.ts';
import { amountParam, translate } from '../i18n/translate.ts';
import type { Jurisdictions } from '../jurisdiction/index.ts';
import { announceBalances, callerRealm, findAsset } from '../ledger/index.ts';
import { type MarketHub, tickStretch } from '../market/index.ts';
import { once, post, saveResult, setJournalReference } from '../postings/index.ts';
import * as queries from './queries.ts';
import { ORDER_COLUMNS, type OrderRow, toOrder } from './rows.ts';

const DAY_MS = 86_400_000;
/** The loss share is read often and changes slowly: computed at most once a minute per process. */
const LOSS_SHARE_TTL_MS = 60_000;

/**
 * Seconds contracts' use cases: what is on offer, whether the caller may buy, buying (the stake
 * frozen, one transaction, idempotent), and the caller's contracts. Nothing here, nor anywhere,
 * sets an outcome: the settlement (`settlement.ts`) reads them from the stored ticks.
 */
export class SecondsService {
  private share: { at: number; value: SecondsProducts['lossShare'] } | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly market: MarketHub,
    private readonly jurisdictions: Jurisdictions,
  ) {}

  async products(): Promise<SecondsProducts> {
    const rows = await queries.periods(this.ctx.db);
    const bySymbol = new Map<string, SecondsProducts['products'][number]>();
    for (const r of rows) {
      const p = bySymbol.get(r.symbol) ?? { symbol: r.symbol, periods: [] };
      const ratio = parseUnits(r.ratio);
      p.periods.push({
        seconds: r.seconds,
        ratio: formatUnits(ratio),
        breakEven: formatUnits(breakEvenRate(ratio)),
      });
      bySymbol.set(r.symbol, p);
    }
    return {
      asset: SECONDS_ASSET,
      minStake: SECONDS_MIN_STAKE,
      maxStake: SECONDS_MAX_STAKE,
      products: [...bySymbol.values()],
      lossShare: await this.lossShare(),
    };
  }

  /** The share of live accounts that lost money over the last 90 days, once enough accounts traded. */
  private async lossShare(): Promise<SecondsProducts['lossShare']> {
    const at = Date.now();
    if (this.share && at - this.share.at < LOSS_SHARE_TTL_MS) return this.share.value;
    const since = new Date(this.ctx.clock.now() - SECONDS_LOSS_SHARE_DAYS * DAY_MS);
    const nets = (await queries.netResultsSince(this.ctx.db, since)).map(parseUnits);
    const s = lossShare(nets, this.ctx.config.secondsLossShareMinAccounts);
    const value = s && { share: formatUnits(s.share), accounts: s.accounts, days: SECONDS_LOSS_SHARE_DAYS };
    this.share = { at, value };
    return value;
  }

  async access(userId: string, lang: Language): Promise<SecondsAccess> {
    const reason = await this.refusal(this.ctx.db, userId);
    return { allowed: reason === null, reason, message: reason ? translate(lang, reason) : null };
  }

  /**
   * Off for everyone (the operator's switch), off in the user's country by its profile (retail
   * binary options are banned in the EU and the UK: decision 0146), or by the operator's own list.
   */
  private async refusal(q: Queryable, userId: string) {
    const s = await queries.settings(q);
    if (!s.enabled) return 'seconds_product_off';
    const { country, profile } = await this.jurisdictions.of(userId, q);
    if (profile && !profile.secondsAllowed) return 'seconds_country_off';
    return availabilityRefusal(s.enabled, s.blockedCountries, country) as
      | 'seconds_product_off'
      | 'seconds_country_off'
      | null;
  }

  /**
   * Buys a contract: every check first (nothing is frozen on a refusal), then the stake frozen on
   * the contract account and the order stored with its acceptance time, in one transaction under
   * the idempotency key. The buy price is not known yet: it is the first index tick after now.
   */
  async place(userId: string, body: PlaceSecondsBody): Promise<SecondsOrder> {
    const realm = await callerRealm(this.ctx, userId);
    const refused = await this.refusal(this.ctx.db, userId);
    if (refused) fail(refused);
    const offered = await queries.periods(this.ctx.db, body.symbol);
    if (offered.length === 0) failField('seconds_not_offered', 'symbol');
    const period = periodOf(
      offered.map((p) => ({ seconds: p.seconds, ratio: parseUnits(p.ratio) })),
      body.period,
    );
    if (period === 'seconds_period_unknown') failField('seconds_period_unknown', 'period');
    const asset = await findAsset(this.ctx.db, SECONDS_ASSET);
    if (!isDecimal(body.stake, asset.decimals))
      failField('amount_precision', 'stake', { decimals: asset.decimals });
    const stake = parseUnits(body.stake);
    const tooFar = stakeRefusal(stake, parseUnits(SECONDS_MIN_STAKE), parseUnits(SECONDS_MAX_STAKE));
    if (tooFar)
      failField(tooFar, 'stake', {
        min: amountParam(SECONDS_MIN_STAKE, asset),
        max: amountParam(SECONDS_MAX_STAKE, asset),
        asset: asset.code,
      });
    const { status } = this.market.status(body.symbol);
    if (status === 'closed') fail('market_closed');
    if (status !== 'open') fail('seconds_market_halted');
    const spec = this.market.instruments.get(body.symbol);
    const indexSymbol = spec?.indexSymbol ?? body.symbol;

    const acceptedAt = this.ctx.clock.date();
    const request = {
      op: 'seconds',
      symbol: body.symbol,
      direction: body.direction,
      period: body.period,
      stake: formatUnits(stake),
    };
    let fresh = false;
    const order = await once(this.ctx.db, userId, body.idempotencyKey, request, async (q, idem) => {
      const journalId = await post(q, {
        realm,
        kind: 'seconds.order',
        subject: body.symbol,
        legs: secondsOrderLegs(userAccount(userId, SECONDS_ACCOUNT), asset.code, stake),
        ...idem,
      });
      const [row] = await q.query<OrderRow>(
        `INSERT INTO seconds_orders AS o (user_id, realm, symbol, index_symbol, direction, period, ratio, stake, asset, status, accepted_at, order_journal_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'opening', $10::timestamptz, $11)
         RETURNING ${ORDER_COLUMNS}`,
        [
          userId,
          realm,
          body.symbol,
          indexSymbol,
          body.direction,
          period.seconds,
          formatUnits(period.ratio),
          formatUnits(stake),
          asset.code,
          acceptedAt.toISOString(),
          journalId,
        ],
      );
      const placed = toOrder(row as OrderRow, this.ctx.clock.now());
      await setJournalReference(q, journalId, placed.id);
      await saveResult(q, journalId, placed);
      fresh = true;
      return placed;
    });
    if (fresh) {
      publishUserEvent(this.ctx.bus, userId, { kind: 'seconds', order });
      await announceBalances(this.ctx, realm, [userId]);
    }
    return order;
  }

  async orders(
    userId: string,
    body: { status?: 'open' | 'completed' | undefined } & PageRequest,
  ): Promise<{ items: SecondsOrder[]; total: number }> {
    const filter =
      body.status === 'open'
        ? ` AND o.status <> 'completed'`
        : body.status === 'completed'
          ? ` AND o.status = 'completed'`
          : '';
    const { rows, total } = await paged<OrderRow>(
      this.ctx.db,
      { select: ORDER_COLUMNS, from: `seconds_orders o WHERE o.user_id = $1${filter}`, orderBy: 'o.id DESC' },
      [userId],
      body,
    );
    const now = this.ctx.clock.now();
    return { items: rows.map((r) => toOrder(r, now)), total };
  }

  async order(userId: string, id: string): Promise<SecondsOrder> {
    return toOrder(await this.ownRow(userId, id), this.ctx.clock.now());
  }

  /** The caller's settled contract's stretch of the index's tick chain, to recompute (decision 0142). */
  async proof(userId: string, id: string): Promise<SecondsProof> {
    const row = await this.ownRow(userId, id);
    const tick = (price: string | null, ts: Date | null, source: string | null) =>
      price !== null && ts !== null && source !== null
        ? { symbol: row.index_symbol, ts: new Date(ts).getTime(), price, source }
        : null;
    const buy = tick(row.buy_price, row.buy_ts, row.buy_source);
    const settle = tick(row.settle_price, row.settle_ts, row.settle_source);
    if (!buy || !settle) return { available: false, reason: 'not_settled' };
    const stretch = await tickStretch(this.ctx.db, row.index_symbol, buy, settle);
    if (!stretch) return { available: false, reason: 'not_kept' };
    return {
      available: true,
      symbol: row.index_symbol,
      previous: stretch.previous,
      ticks: stretch.ticks.map(({ symbol: _symbol, ...t }) => t),
      heads: stretch.heads,
    };
  }

  /** One of the caller's contracts; another user's is unknown, as one that does not exist. */
  private async ownRow(userId: string, id: string): Promise<OrderRow> {
    const [row] = await this.ctx.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM seconds_orders o WHERE o.id = $1 AND o.user_id = $2`,
      [id, userId],
    );
    if (!row) fail('seconds_order_unknown');
    return row;
  }
}
