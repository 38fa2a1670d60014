import type { NftItem } from '@otc/protocol/nft/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../money/useFormat.ts';

/** How many units are sold of how many (the live count: a visitor's, the public one), and whether none is left. */
export function SoldCount({ item }: { item: Pick<NftItem, 'sold' | 'supply' | 'remaining'> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const sold = t('nft.soldOf', { sold: f.amount(String(item.sold)), supply: f.amount(String(item.supply)) });
  return (
    <span className={`nft-sold${item.remaining === 0 ? ' nft-sold-out' : ''}`} data-testid="nft-sold">
      {item.remaining === 0 ? `${sold} · ${t('nft.soldOut')}` : sold}
    </span>
  );
}
