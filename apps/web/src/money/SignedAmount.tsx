import { amountTone, withSign } from './amounts.ts';
import { useFormat } from './useFormat.ts';
import './signed-amount.css';

/** A signed change, green in and red out; a profit or loss (`trend`) with an up or down arrow too. */
export function SignedAmount({
  amount,
  asset,
  display,
  testId,
  trend = false,
}: {
  amount: string;
  asset?: string;
  /** The asset's display decimals (`AssetInfo.displayDecimals`): the one rule for its amounts. */
  display?: { displayDecimals: number } | undefined;
  testId?: string;
  /** A profit or loss: up and down told by an arrow as well as the sign and the colour. */
  trend?: boolean;
}) {
  const f = useFormat();
  const tone = amountTone(amount);
  return (
    <span className={`money-amount tone-${tone}${trend ? ' money-trend' : ''}`} data-testid={testId}>
      {withSign(amount, f.money(amount, display))}
      {asset ? ` ${asset}` : ''}
    </span>
  );
}
