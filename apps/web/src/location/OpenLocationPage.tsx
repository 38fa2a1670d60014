import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../ui/EmptyState.tsx';
import { geoLink } from './place.ts';
import './location.css';

/**
 * An address with a button that hands it to the phone's maps app (`geo:`): no map tiles are
 * loaded from anywhere, so reading an address tells no third party where the reader looks.
 */
export default function OpenLocationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const address = (params.get('address') ?? '').trim();
  if (!address)
    return (
      <div className="page-pad stack">
        <EmptyState icon="pin" title={t('location.open.none')} />
        <Link to="/choose-location" className="btn btn-secondary btn-block">
          {t('location.open.choose')}
        </Link>
      </div>
    );
  return (
    <div className="page-pad">
      <section className="card stack">
        <p className="location-address" data-testid="location-address">
          {address}
        </p>
        <a className="btn btn-primary btn-block" href={geoLink(address)} data-testid="location-maps">
          {t('location.open.maps')}
        </a>
        <p className="location-hint">{t('location.open.note')}</p>
      </section>
    </div>
  );
}
