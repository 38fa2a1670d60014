import { formatCompactIn } from '@otc/core/display';
import type { Instrument, Ticker } from '@otc/protocol/market/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertButton } from '../alerts/index.ts';
import { useLang } from '../i18n/useLang.ts';
import { formatPrice, priceDecimals, tone } from '../money/format.ts';
import { FavStar } from './FavStar.tsx';
import type { Favorites } from './favorites.ts';
import { instrumentName } from './instrumentName.ts';
import { Change, LivePrice } from './LivePrice.tsx';
import { MarketNotice, STATUS_LABELS } from './MarketNotice.tsx';

/**
 * An instrument's symbol, name, live price, 24 h figures and status, with the market-closed
 * notice below when it is not open. `link` adds a link to the full detail page.
 */
export function InstrumentHeader({
  symbol,
  instrument,
  ticker,
  favorites,
  link,
}: {
  symbol: string;
  instrument: Instrument | undefined;
  ticker: Ticker | undefined;
  favorites?: Favorites;
  link?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const status = ticker?.status ?? instrument?.status ?? 'open';
  // The reason comes with the instrument; it only applies while the live status agrees.
  const reason = instrument?.status === status ? instrument.statusReason : null;
  const decimals = priceDecimals(ticker?.price ?? '', instrument?.tickSize);
  const price = (value: string | undefined) =>
    value === undefined ? '--' : formatPrice(value, decimals, lang);
  return (
    <>
      <section className="card detail-head">
        <div className="detail-title-row">
          <div className="detail-title">
            <h2 className="detail-symbol" data-testid="detail-symbol">
              {symbol}
            </h2>
            {instrument && <p className="detail-name">{instrumentName(instrument, t, lang)}</p>}
          </div>
          <span className={`status-pill status-${status}`} data-testid="detail-status" data-status={status}>
            {t(STATUS_LABELS[status])}
          </span>
          {favorites && <FavStar symbol={symbol} favorites={favorites} />}
          <AlertButton symbol={symbol} price={ticker?.price} tickSize={instrument?.tickSize} />
        </div>
        <div className={`detail-price-row mk-${ticker ? tone(ticker.change24h) : 'flat'}`}>
          <LivePrice
            price={ticker?.price}
            decimals={decimals}
            testId="detail-price"
            className="detail-price"
          />
          <Change change={ticker?.change24h} testId="detail-change" />
          {link && (
            <Link to={link} className="detail-link" data-testid="detail-link">
              {t('market.details')}
            </Link>
          )}
        </div>
        <dl className="detail-stats">
          <div>
            <dt>{t('market.stats.high')}</dt>
            <dd data-testid="detail-high">{price(ticker?.high24h)}</dd>
          </div>
          <div>
            <dt>{t('market.stats.low')}</dt>
            <dd data-testid="detail-low">{price(ticker?.low24h)}</dd>
          </div>
          <div>
            <dt>{t('market.stats.volume')}</dt>
            <dd data-testid="detail-volume">
              {ticker
                ? `${formatCompactIn(ticker.quoteVolume24h, lang)}${instrument ? ` ${instrument.quote}` : ''}`
                : '--'}
            </dd>
          </div>
        </dl>
      </section>
      <MarketNotice status={status} reason={reason} />
    </>
  );
}
