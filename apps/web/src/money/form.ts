import type { TKey } from '../i18n/keys.ts';
import { amountProblemMessage, amountToSend, checkAmount } from './amounts.ts';

/**
 * The money forms' kernel, pure (in the style of positions/ticket.ts and dYdX v4-web's
 * `createForm`): a form is its checks, read in the order the screen shows its fields, and its
 * summary (what is sent, what arrives). Values in; the summary and the first problem out. The
 * screens hold only their values and show the problem under its field (useMoneyForm.ts).
 */

/** What is wrong with one field: the message key and the values it names. */
export interface FieldProblem<F extends string> {
  field: F;
  key: TKey;
  values?: Record<string, string | number>;
  /** Values that are amounts (decimal strings): the screen formats them as it shows amounts. */
  amounts?: Record<string, string>;
}

/** One check of a form: the problem it finds in the values, or null. */
export type FormCheck<V, F extends string> = (values: V) => FieldProblem<F> | null;

export interface FormSpec<V, S, F extends string> {
  /** In the order the fields are read: the first problem found is the one shown. */
  checks: readonly FormCheck<V, F>[];
  summary: (values: V) => S;
}

export interface FormResult<S, F extends string> {
  summary: S;
  problem: FieldProblem<F> | null;
}

/** A form's rules as one function: values in, the summary and the first problem out. */
export function createForm<V, S, F extends string>(spec: FormSpec<V, S, F>): (values: V) => FormResult<S, F> {
  return (values) => {
    for (const check of spec.checks) {
      const problem = check(values);
      if (problem) return { summary: spec.summary(values), problem };
    }
    return { summary: spec.summary(values), problem: null };
  };
}

/** A text the user must fill in: empty is missing (read it trimmed where spaces alone are too). */
export function required<V, F extends string>(
  field: F,
  read: (values: V) => string,
  key: TKey,
): FormCheck<V, F> {
  return (values) => (read(values) === '' ? { field, key } : null);
}

/** The amount rules every money form shares (amounts.ts `checkAmount`): present, a decimal, in range. */
export function amountCheck<V, F extends string>(
  field: F,
  read: (values: V) => string,
  rules: (values: V) => { decimals: number; available?: string | undefined },
): FormCheck<V, F> {
  return (values) => {
    const found = checkAmount(read(values), rules(values));
    if (!found) return null;
    const { key, count } = amountProblemMessage(found);
    return count === undefined ? { field, key } : { field, key, values: { count } };
  };
}

/** An amount of one asset from one balance. */
export interface AmountValues {
  amount: string;
  decimals: number;
  available: string;
}

export const AMOUNT_FIELDS: readonly ['amount'] = ['amount'];

/** A form that is its amount alone (the own-account transfer, the flash exchange): it sends the amount. */
export const amountForm = createForm<AmountValues, string, 'amount'>({
  checks: [
    amountCheck(
      'amount',
      (v) => v.amount,
      (v) => v,
    ),
  ],
  summary: (v) => amountToSend(v.amount),
});
