import { useTranslation } from 'react-i18next';
import { amountProblemMessage, type checkAmount } from './amounts.ts';

/** The translated message of an amount problem (too many decimals, above the balance...). */
export function useAmountError() {
  const { t } = useTranslation();
  return (problem: ReturnType<typeof checkAmount>): string | null => {
    if (!problem) return null;
    const { key, count } = amountProblemMessage(problem);
    return count === undefined ? t(key) : t(key, { count });
  };
}
