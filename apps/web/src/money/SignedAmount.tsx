import { amountTone, withSign } from './amounts.ts';
import { useFormat } from './useFormat.ts';
import './signed-amount.css';

/** A signed change, green in and red out. */
export function SignedAmount({
  amount,
  asset,
  display,
  testId,
}: {
  amount: string;
  asset?: string;
  /** The asset's display decimals (`AssetInfo.displayDecimals`): the one rule for its amounts. */
  display?: { displayDecimals: number } | undefined;
  testId?: string;
}) {
  const f = useFormat();
  const tone = amountTone(amount);
  return (
    <span className={`money-amount tone-${tone}`} data-testid={testId}>
      {withSign(amount, f.money(amount, display))}
      {asset ? ` ${asset}` : ''}
    </span>
  );
}
