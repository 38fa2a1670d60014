import { formatUnits, parseUnits } from '@otc/core';
import { createForm, type FormCheck, required } from '../money/form.ts';

/**
 * The buy sheet's rules, pure: the price comes from the item (nothing to type), so what can be
 * wrong is the balance and, for a live user, the transaction password. The sheet shows the
 * balance after the purchase before the user confirms, in exact decimals.
 */
export type BuyField = 'balance' | 'tradePassword';
export const BUY_FIELDS: readonly BuyField[] = ['balance', 'tradePassword'];

export interface BuyValues {
  /** One unit's price in USDT, as the item says. */
  price: string;
  /** The funding account's USDT available; undefined until the balances arrive. */
  available: string | undefined;
  tradePassword: string;
  /** Demo users have no transaction password: they send none. */
  demo: boolean;
}

/** What the funding account holds after the purchase; null until the balance is known. */
export function balanceAfter(v: Pick<BuyValues, 'price' | 'available'>): string | null {
  return v.available === undefined ? null : formatUnits(parseUnits(v.available) - parseUnits(v.price));
}

/** Short of the price: said before anything is sent (the server refuses it too, and moves nothing). */
const enough: FormCheck<BuyValues, BuyField> = (v) =>
  v.available !== undefined && parseUnits(v.available) < parseUnits(v.price)
    ? { field: 'balance', key: 'nft.buy.short', amounts: { price: v.price } }
    : null;

const tradePassword = required<BuyValues, BuyField>(
  'tradePassword',
  (v) => (v.demo ? 'none needed' : v.tradePassword),
  'funding.withdraw.enterTradePassword',
);

/** The buy sheet: a balance that covers the price, then the transaction password. */
export const buyForm = createForm<BuyValues, string | null, BuyField>({
  checks: [enough, tradePassword],
  summary: balanceAfter,
});
