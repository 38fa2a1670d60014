import { formatAssetAmountIn, formatPriceIn, formatQuantityIn } from '@otc/core';
import type { Language } from '@otc/protocol/languages';
import type { NoticeKind } from '@otc/protocol/notifications/kinds';
import type { Notice } from '@otc/protocol/notifications/schemas';
import { en, type MessageKey } from '../i18n/messages/en.ts';
import { translate } from '../i18n/translate.ts';
import type { NoticeDisplay } from './display.ts';
import type { NoticeRow } from './queries.ts';

// Every kind has its title and body among the server messages: a kind without them fails to compile.
const keyOf = (
  kind: NoticeKind,
  part: 'title' | 'body',
): `notice.${NoticeKind}.${typeof part}` & MessageKey => `notice.${kind}.${part}`;

/**
 * Params whose value is a code the reader should see in words (an account kind): shown as the
 * message `notice.<param>.<value>` when there is one, as the value otherwise.
 */
const WORDED_PARAMS = new Set(['account', 'cause']);
const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

/**
 * Params that are amounts, stored as plain decimals, and the asset they are in: shown by the app's
 * one rule for an amount of an asset (issue 23: "20000 USDT" read "20,000.00 USDT" on screen), in
 * the reader's separators. A liquidation's return is in USDT (its text says so).
 */
const AMOUNT_PARAMS: Record<string, (params: Record<string, string>) => string | undefined> = {
  amount: (p) => p.asset,
  earned: (p) => p.asset,
  received: (p) => p.asset,
  toUser: () => 'USDT',
  returned: () => 'USDT',
};

/**
 * A param shown by a rule other than the amount's (issue 24): a position's price at its
 * instrument's tick (67,433.80), its lots grouped in the reader's separators.
 */
function figureIn(
  lang: Language,
  name: string,
  value: string,
  params: Record<string, string>,
  display: NoticeDisplay,
) {
  if (name === 'lots' || name === 'movePercent') return formatQuantityIn(value, lang);
  // A price alert's notice names three prices of one instrument: the tick's, its threshold, where it began.
  if (name !== 'price' && name !== 'alertPrice' && name !== 'basePrice') return undefined;
  const instrument = params.symbol === undefined ? undefined : display.ticks.get(params.symbol);
  return instrument ? formatPriceIn(value, instrument, lang) : formatQuantityIn(value, lang);
}

function amountIn(lang: Language, value: string, asset: { displayDecimals: number } | undefined) {
  // An adjustment's credit carries its sign ("+75.5"); the rule formats the unsigned amount.
  const sign = value.startsWith('+') ? '+' : '';
  return sign + formatAssetAmountIn(value.slice(sign.length), asset, lang);
}

function paramsIn(
  lang: Language,
  params: Record<string, string>,
  display: NoticeDisplay,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const worded = `notice.${name}.${value}`;
    const assetOf = AMOUNT_PARAMS[name];
    if (WORDED_PARAMS.has(name) && isMessageKey(worded)) out[name] = translate(lang, worded);
    else if (assetOf) {
      const asset = assetOf(params);
      out[name] = amountIn(lang, String(value), asset === undefined ? undefined : display.assets.get(asset));
    } else out[name] = figureIn(lang, name, String(value), params, display) ?? String(value);
  }
  return out;
}

/**
 * A stored notification as the reader sees it: its texts in their language, the params filled in
 * as plain text (a client shows them as text, never as HTML), amounts formatted as the app does.
 */
export function noticeIn(lang: Language, row: NoticeRow, display: NoticeDisplay): Notice {
  const params = paramsIn(lang, row.params ?? {}, display);
  return {
    id: row.id,
    kind: row.kind,
    title: translate(lang, keyOf(row.kind, 'title'), params),
    body: translate(lang, keyOf(row.kind, 'body'), params),
    link: row.link,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}
