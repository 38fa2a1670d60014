import {
  formatUnits,
  liquidationPrice,
  parseUnits,
  type QuoteConversion,
  units,
  unrealisedPnl,
} from '@otc/core';
import type {
  AdminOpenPosition,
  AdminPositionRules,
  PositionsOverview,
  UpdatePositionRulesBody,
} from '@otc/protocol/positions/admin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { failField } from '../../http/errors.ts';
import { platformBalances } from '../../ledger/index.ts';
import { audit } from '../../platform/audit.ts';
import { fundingView, REALMS } from '../funding/funding.ts';
import { floorOf } from '../rows.ts';
import { parseBrackets } from '../trigger/store.ts';
import { announceTriggers } from '../trigger/triggers.ts';
import {
  type AdminPositionRow,
  exposureRows,
  openPositionsPage,
  type RulesRow,
  rulesRows,
  updateRules,
} from './queries.ts';

/** What the back office may not set: a spread of 10% or more would not be a disclosed dealer spread. */
const MAX_SPREAD = units('0.1');
const ONE = units('1');

/** Decimal strings as the wire shows them (no trailing zeros). */
const clean = (text: string) => formatUnits(parseUnits(text));

function rulesView(r: RulesRow): AdminPositionRules {
  return {
    symbol: r.symbol,
    product: r.product,
    spread: clean(r.spread),
    minLots: clean(r.minLots),
    brackets: parseBrackets(r.brackets).map((b) => ({
      notionalUpTo: b.notionalUpTo === null ? null : formatUnits(b.notionalUpTo),
      rate: formatUnits(b.rate),
    })),
    liquidationFeeRate: clean(r.liquidationFeeRate),
    liquidationFeeCap: clean(r.liquidationFeeCap),
    fundingIntervalHours: r.fundingIntervalHours,
    fundingClamp: clean(r.fundingClamp),
    exposureCap: clean(r.exposureCap),
  };
}

export async function listRules(ctx: AppContext): Promise<{ items: AdminPositionRules[] }> {
  return { items: (await rulesRows(ctx.db)).map(rulesView) };
}

/**
 * The dealer's net exposure per instrument and realm against its cap (every leveraged instrument,
 * also those nobody holds), the next funding of perpetuals, the insurance fund and the dealer.
 */
export async function overview(ctx: AppContext): Promise<PositionsOverview> {
  const rules = await rulesRows(ctx.db);
  const held = await exposureRows(ctx.db);
  const now = ctx.clock.now();
  const exposure: PositionsOverview['exposure'] = [];
  for (const r of rules) {
    for (const realm of REALMS) {
      const h = held.find((x) => x.symbol === r.symbol && x.realm === realm);
      const long = parseUnits(h?.longLots ?? '0');
      const short = parseUnits(h?.shortLots ?? '0');
      const funding = r.product === 'perp' ? await fundingView(ctx.db, r.symbol, realm, now) : null;
      exposure.push({
        symbol: r.symbol,
        product: r.product,
        realm,
        longLots: formatUnits(long),
        shortLots: formatUnits(short),
        netExposure: formatUnits(long - short),
        exposureCap: clean(r.exposureCap),
        openPositions: h?.positions ?? 0,
        fundingRate: funding?.rate ?? null,
        nextFundingAt: funding?.nextFundingAt ?? null,
      });
    }
  }
  const balances = async (kind: string) =>
    (await platformBalances(ctx.db, kind, 'USDT')).map((b) => ({
      realm: b.realm,
      balance: clean(b.balance),
    }));
  return { exposure, insurance: await balances('insurance'), dealer: await balances('dealer') };
}

/** Checks an edit of an instrument's rules; the first wrong field fails with `field_invalid`. */
function checkRules(body: UpdatePositionRulesBody): void {
  if (body.spread !== undefined && parseUnits(body.spread) >= MAX_SPREAD)
    failField('field_invalid', 'spread');
  if (body.liquidationFeeRate !== undefined && parseUnits(body.liquidationFeeRate) >= ONE)
    failField('field_invalid', 'liquidationFeeRate');
  if (body.exposureCap !== undefined && parseUnits(body.exposureCap) <= 0n)
    failField('field_invalid', 'exposureCap');
  if (body.brackets) {
    let previous = 0n;
    body.brackets.forEach((b, i) => {
      const last = i === (body.brackets?.length ?? 0) - 1;
      const rate = parseUnits(b.rate);
      // Each bracket's rate in (0, 1); bounds rising; only the last one unbounded.
      if (rate <= 0n || rate >= ONE) failField('field_invalid', 'brackets');
      if (last !== (b.notionalUpTo === null)) failField('field_invalid', 'brackets');
      if (b.notionalUpTo !== null) {
        const upTo = parseUnits(b.notionalUpTo);
        if (upTo <= previous) failField('field_invalid', 'brackets');
        previous = upTo;
      }
    });
  }
}

/**
 * An admin edits an instrument's position rules: stored with its audit record (before and after) in
 * one transaction, then the process watching the triggers reloads the instrument (its brackets move
 * every liquidation price).
 */
export async function editRules(
  ctx: AppContext,
  req: FastifyRequest,
  body: UpdatePositionRulesBody,
): Promise<AdminPositionRules> {
  const [before] = await rulesRows(ctx.db, body.symbol);
  if (!before) failField('not_found', 'symbol');
  checkRules(body);
  const { symbol, ...changes } = body;
  const brackets = changes.brackets?.map((b) => ({
    notionalUpTo: b.notionalUpTo === null ? null : clean(b.notionalUpTo),
    rate: clean(b.rate),
  }));
  const values = { ...changes, ...(brackets ? { brackets } : {}) };
  const after = await ctx.db.tx(async (q) => {
    await updateRules(q, symbol, values);
    const [row] = await rulesRows(q, symbol);
    await audit(q, req, 'positions.rules.update', symbol, { before: rulesView(before), after: values });
    return row as RulesRow;
  });
  announceTriggers(ctx.bus, { symbol });
  return rulesView(after);
}

/** Open positions for the back office, each valued at the mark now (in USDT at the quote's rate now). */
export async function openPositions(
  ctx: AppContext,
  market: {
    mark: (symbol: string) => string | undefined;
    conversion: (symbol: string) => QuoteConversion | null;
  },
  query: {
    page: number;
    pageSize: number;
    userId?: string | undefined;
    symbol?: string | undefined;
    realm?: 'live' | 'demo' | undefined;
  },
): Promise<{ items: AdminOpenPosition[]; total: number }> {
  const page = await openPositionsPage(ctx.db, query);
  const brackets = new Map((await rulesRows(ctx.db)).map((r) => [r.symbol, parseBrackets(r.brackets)]));
  return {
    items: page.items.map((p) =>
      positionView(p, market.mark(p.symbol), brackets.get(p.symbol), market.conversion(p.symbol)),
    ),
    total: page.total,
  };
}

function positionView(
  p: AdminPositionRow,
  mark: string | undefined,
  brackets: ReturnType<typeof parseBrackets> | undefined,
  conv: QuoteConversion | null,
): AdminOpenPosition {
  const state = {
    side: p.side,
    lots: parseUnits(p.lots),
    entry: parseUnits(p.entry),
    margin: parseUnits(p.margin),
    leverage: p.leverage,
    ...floorOf(p.closeOut),
  };
  const liq = brackets && conv ? liquidationPrice(state, brackets, conv) : null;
  return {
    id: p.id,
    userId: p.userId,
    realm: p.realm,
    symbol: p.symbol,
    product: p.product,
    side: p.side,
    lots: formatUnits(state.lots),
    entryPrice: formatUnits(state.entry),
    leverage: p.leverage,
    margin: formatUnits(state.margin),
    tp: p.tp === null ? null : clean(p.tp),
    sl: p.sl === null ? null : clean(p.sl),
    funding: clean(p.funding),
    markPrice: mark ?? null,
    unrealisedPnl:
      mark === undefined || conv === null ? null : formatUnits(unrealisedPnl(state, parseUnits(mark), conv)),
    liquidationPrice: liq === null ? null : formatUnits(liq),
    openedAt: new Date(p.openedAt).getTime(),
  };
}
