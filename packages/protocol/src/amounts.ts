import { z } from 'zod';
import type { ErrorKey } from './errors.ts';

/**
 * The most whole digits an amount, price or quantity in a request may have. The ledger's columns
 * are NUMERIC(38,18), 20 whole digits: a request's own numbers stay well inside them, and a value a
 * service derives from them (a price times a quantity, a conversion between assets) is checked
 * against the column where it is made (core's `fitsLedger`). Either way the answer is
 * `amount_too_large`, before anything reaches the database.
 */
export const AMOUNT_MAX_WHOLE_DIGITS = 15;

/** Counted as written (leading zeros too), as the server's parser reads them. */
const wholeDigits = (text: string) => (text.replace(/^-/, '').split('.')[0] ?? '').length;

/** A decimal string within AMOUNT_MAX_WHOLE_DIGITS; longer ones are "too large", not "not valid". */
const bounded = (pattern: RegExp) =>
  z
    .string()
    .trim()
    .regex(pattern)
    .refine((v) => wholeDigits(v) <= AMOUNT_MAX_WHOLE_DIGITS, {
      params: { error: 'amount_too_large' satisfies ErrorKey },
    });

/** A non-negative decimal a request carries (a price, a quantity, a rate). */
export const decimalInput = bounded(/^\d+(\.\d{1,18})?$/);
/** A signed decimal a request carries (an operator's adjustment: credit or debit). */
export const signedDecimalInput = bounded(/^-?\d+(\.\d{1,18})?$/);
/** A positive amount a user asks to move; the asset's own precision is checked by the server. */
export const positiveAmount = decimalInput.refine((v) => /[1-9]/.test(v), {
  message: 'must be more than zero',
});
