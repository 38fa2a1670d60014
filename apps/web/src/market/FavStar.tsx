import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/Icon.tsx';
import type { Favorites } from './favorites.ts';

/** The favourite toggle of one instrument. */
export function FavStar({ symbol, favorites }: { symbol: string; favorites: Favorites }) {
  const { t } = useTranslation();
  const on = favorites.has(symbol);
  const label = on ? t('market.favRemove') : t('market.favAdd');
  return (
    <button
      type="button"
      className={`fav-star${on ? ' fav-star-on' : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={label}
      data-testid={`fav-${symbol}`}
      onClick={() => favorites.toggle(symbol)}
    >
      <Icon name="star" size={18} />
    </button>
  );
}
