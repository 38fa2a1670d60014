import { randomUUID } from 'node:crypto';
import {
  canonicalDecimal,
  divUnits,
  fitsLedger,
  formatUnits,
  move,
  mulUnits,
  parseUnits,
  platformAccount,
  roundUnits,
  userAccount,
} from '@otc/core';
import {
  EXCHANGE_SPREAD,
  type ExchangeRecord,
  QUOTE_TTL_SECONDS,
  type Quote,
  type QuoteBody,
} from '@otc/protocol/exchange/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../context.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import { fail, failField } from '../http/errors.ts';
import { announceBalances, callerRealm, findAsset, userAmount } from '../ledger/index.ts';
import { indexPrices } from '../market/index.ts';
import { once, post, saveResult } from '../postings/index.ts';

const RATE_DECIMALS = 8;
const SPREAD = parseUnits(EXCHANGE_SPREAD);
const ONE = parseUnits('1');

/**
 * Flash exchange (PRODUCT.md "Accounts and money"): a quote at the index price less a 0.1% spread,
 * valid 10 s; executing it moves both legs against the platform treasury in one posting. An
 * expired quote is refused, never re-priced.
 */
export async function makeQuote(ctx: AppContext, userId: string, body: QuoteBody): Promise<Quote> {
  const realm = await callerRealm(ctx, userId);
  if (body.from === body.to) failField('same_asset', 'to');
  const from = await findAsset(ctx.db, body.from);
  const to = await findAsset(ctx.db, body.to);
  const fromAmount = userAmount(from, body.amount);
  const prices = await indexPrices(ctx.db);
  const fromPrice = prices.get(from.code)?.price;
  const toPrice = prices.get(to.code)?.price;
  if (!fromPrice || !toPrice) failField('asset_unknown', 'to');

  // What the user receives is rounded down to the asset's decimals: never more than the rate allows.
  const gross = divUnits(mulUnits(fromAmount, fromPrice), toPrice);
  if (!fitsLedger(gross)) failField('amount_too_large', 'amount');
  const toAmount = roundUnits(mulUnits(gross, ONE - SPREAD), to.decimals);
  if (toAmount <= 0n) failField('amount_invalid', 'amount');
  const rate = roundUnits(divUnits(fromPrice, toPrice), RATE_DECIMALS);

  const id = randomUUID();
  const now = ctx.clock.date();
  const [row] = await ctx.db.query<{ expires_at: Date }>(
    `INSERT INTO exchange_quotes (id, user_id, realm, from_asset, to_asset, from_amount, to_amount, rate, spread, from_price, to_price, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $13::timestamptz + make_interval(secs => $12)) RETURNING expires_at`,
    [
      id,
      userId,
      realm,
      from.code,
      to.code,
      formatUnits(fromAmount),
      formatUnits(toAmount),
      formatUnits(rate),
      EXCHANGE_SPREAD,
      formatUnits(fromPrice),
      formatUnits(toPrice),
      QUOTE_TTL_SECONDS,
      now.toISOString(),
    ],
  );
  return {
    id,
    from: from.code,
    to: to.code,
    fromAmount: formatUnits(fromAmount),
    toAmount: formatUnits(toAmount),
    rate: formatUnits(rate),
    spread: EXCHANGE_SPREAD,
    expiresAt: new Date(row?.expires_at ?? now).toISOString(),
    ttlSeconds: QUOTE_TTL_SECONDS,
  };
}

interface QuoteRow {
  realm: 'live' | 'demo';
  from_asset: string;
  to_asset: string;
  from_amount: string;
  to_amount: string;
  rate: string;
}

export async function executeQuote(
  ctx: AppContext,
  userId: string,
  quoteId: string,
  key: string,
): Promise<ExchangeRecord> {
  let moved: Realm | undefined;
  // The quote's 10 s are the clock's: read before the transaction, the moment the request asks.
  const now = ctx.clock.date().toISOString();
  const done = await once(ctx.db, userId, key, { op: 'exchange', quoteId }, async (q, idem) => {
    // Spending the quote and moving the money happen in one transaction: both or neither.
    const [spent] = await q.query<QuoteRow>(
      `UPDATE exchange_quotes SET used_at = $3::timestamptz
       WHERE id = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3::timestamptz
       RETURNING realm, from_asset, to_asset, from_amount::text AS from_amount, to_amount::text AS to_amount, rate::text AS rate`,
      [quoteId, userId, now],
    );
    if (!spent) {
      const [known] = await q.query('SELECT 1 FROM exchange_quotes WHERE id = $1 AND user_id = $2', [
        quoteId,
        userId,
      ]);
      fail(known ? 'quote_expired' : 'quote_unknown');
    }
    const fromAmount = parseUnits(spent.from_amount);
    const toAmount = parseUnits(spent.to_amount);
    const funding = userAccount(userId, 'funding');
    const treasury = platformAccount('treasury');
    const journalId = await post(q, {
      realm: spent.realm,
      kind: 'exchange',
      reference: quoteId,
      legs: [
        ...move(funding, treasury, spent.from_asset, fromAmount),
        ...move(treasury, funding, spent.to_asset, toAmount),
      ],
      ...idem,
    });
    const [row] = await q.query<{ id: string; created_at: Date }>(
      'INSERT INTO exchanges (quote_id, journal_id, user_id) VALUES ($1, $2, $3) RETURNING id::text AS id, created_at',
      [quoteId, journalId, userId],
    );
    const record: ExchangeRecord = {
      id: row?.id as string,
      from: spent.from_asset,
      to: spent.to_asset,
      fromAmount: formatUnits(fromAmount),
      toAmount: formatUnits(toAmount),
      rate: canonicalDecimal(spent.rate),
      createdAt: new Date(row?.created_at ?? Date.now()).toISOString(),
    };
    await saveResult(q, journalId, record);
    moved = spent.realm;
    return record;
  });
  // A repeated request moved nothing this time: nothing to announce.
  if (moved) await announceBalances(ctx, moved, [userId]);
  return done;
}

export async function exchangeLog(ctx: AppContext, userId: string, page: PageRequest) {
  const { rows, total } = await paged<QuoteRow & { id: string; created_at: Date }>(
    ctx.db,
    {
      select: `e.id::text AS id, e.created_at, q.from_asset, q.to_asset, q.from_amount::text AS from_amount,
               q.to_amount::text AS to_amount, q.rate::text AS rate, q.realm`,
      from: 'exchanges e JOIN exchange_quotes q ON q.id = e.quote_id WHERE e.user_id = $1',
      orderBy: 'e.id DESC',
    },
    [userId],
    page,
  );
  const items: ExchangeRecord[] = rows.map((r) => ({
    id: r.id,
    from: r.from_asset,
    to: r.to_asset,
    fromAmount: canonicalDecimal(r.from_amount),
    toAmount: canonicalDecimal(r.to_amount),
    rate: canonicalDecimal(r.rate),
    createdAt: new Date(r.created_at).toISOString(),
  }));
  return { items, total };
}
