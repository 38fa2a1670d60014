import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/Icon.tsx';

/**
 * Every NFT page says it plainly (decision 0124, `getnftconfig`'s `onChain: false`): what a buyer
 * gets is a numbered record in this platform's books; nothing is minted or held on a chain.
 */
export function OffChainNote() {
  const { t } = useTranslation();
  return (
    <p className="nft-offchain" data-testid="nft-offchain">
      <Icon name="shield" size={18} className="nft-offchain-icon" />
      <span>{t('nft.offChain')}</span>
    </p>
  );
}
