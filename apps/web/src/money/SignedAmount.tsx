import { amountTone, withSign } from './amounts.ts';
import { useFormat } from './useFormat.ts';
import './signed-amount.css';

/** A signed change, green in and red out. */
export function SignedAmount({
  amount,
  asset,
  decimals,
  testId,
}: {
  amount: string;
  asset?: string;
  decimals?: number | undefined;
  testId?: string;
}) {
  const f = useFormat();
  const tone = amountTone(amount);
  return (
    <span className={`money-amount tone-${tone}`} data-testid={testId}>
      {withSign(amount, f.amount(amount, decimals))}
      {asset ? ` ${asset}` : ''}
    </span>
  );
}
