import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../ui/Icon.tsx';
import { MY_NFTS_PATH } from './paths.ts';

/** The units the user owns, one tap from every NFT page. */
export function MyNftsLink() {
  const { t } = useTranslation();
  return (
    <nav className="menu" aria-label={t('nft.mine.title')}>
      <Link to={MY_NFTS_PATH} className="menu-row" data-testid="nft-mine-link">
        <Icon name="wallet" size={20} />
        <span className="menu-row-main">{t('nft.mine.title')}</span>
        <Icon name="chevron" size={18} />
      </Link>
    </nav>
  );
}
