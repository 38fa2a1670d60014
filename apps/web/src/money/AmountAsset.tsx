import './amount-asset.css';

/** The asset's code at the end of an amount box (the amount field's, the spot ticket's price and quantity). */
export function AmountAsset({ asset }: { asset: string }) {
  return <span className="amount-asset">{asset}</span>;
}
