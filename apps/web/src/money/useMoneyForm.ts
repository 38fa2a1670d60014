import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import type { FieldProblem, FormResult } from './form.ts';

const asIs = (amount: string) => amount;

/**
 * A money form on the screen: its fields' messages (useFieldErrors: each stays until its entry
 * changes; a failed request lands under its field), and `check`, which shows the first problem of
 * a form's result translated under its field, its amounts formatted by `formatAmount`, and
 * answers the summary only when there is none.
 */
export function useMoneyForm<F extends string>(fields: readonly F[], formatAmount = asIs) {
  const { t } = useTranslation();
  const errors = useFieldErrors<F>(fields);
  const show = (problem: FieldProblem<F>) => {
    const amounts = Object.entries(problem.amounts ?? {}).map(([name, value]) => [name, formatAmount(value)]);
    const values = { ...problem.values, ...Object.fromEntries(amounts) };
    errors.show(problem.field, Object.keys(values).length > 0 ? t(problem.key, values) : t(problem.key));
  };
  const check = <S>(result: FormResult<S, F>): S | null => {
    if (!result.problem) return result.summary;
    show(result.problem);
    return null;
  };
  return { ...errors, check };
}
