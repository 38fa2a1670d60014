import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { usePageTitle } from '../app/pageTitle.ts';
import { QUOTATION_PATH } from '../app/paths.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { DelayedSpinner } from '../ui/Spinner.tsx';
import { ChartPanel } from './ChartPanel.tsx';
import { useFavorites } from './favorites.ts';
import { InstrumentHeader } from './InstrumentHeader.tsx';
import { instrumentTitle } from './instrumentTitle.ts';
import { marketApi, marketKeys } from './marketApi.ts';
import { TradeBar } from './TradeBar.tsx';
import { useTicker } from './tickers.ts';
import './market.css';

/** The symbol of `?symbol=`, as the server spells symbols. */
export function useSymbolParam(): string {
  const [params] = useSearchParams();
  return (params.get('symbol') ?? '').trim().toUpperCase();
}

/**
 * An instrument's detail, titled by its class: `banner` on top, header with live figures and
 * status, the market-closed notice, the chart with its intervals, then `children`; Buy and Sell
 * stay fixed at the bottom (disabled "Coming soon" when this page is the ticket and it is `soon`).
 */
export function InstrumentDetail({
  children,
  banner,
  soon = false,
}: {
  children?: ReactNode;
  banner?: ReactNode;
  soon?: boolean;
}) {
  const { t } = useTranslation();
  const symbol = useSymbolParam();
  const detail = useQuery({
    queryKey: marketKeys.instrument(symbol),
    queryFn: () => marketApi.instrument(symbol, { toast: false }),
    enabled: symbol !== '',
  });
  // Live only once the server knows the symbol.
  const ticker = useTicker(detail.data ? symbol : null, detail.data?.ticker);
  const favorites = useFavorites();
  const instrument = detail.data?.instrument;
  usePageTitle(instrument ? t(instrumentTitle(instrument)) : undefined);

  // The live status moved away from the instrument's: fetch it again to learn why.
  const liveStatus = ticker?.status;
  const knownStatus = instrument?.status;
  const { refetch } = detail;
  useEffect(() => {
    if (liveStatus && knownStatus && liveStatus !== knownStatus) void refetch();
  }, [liveStatus, knownStatus, refetch]);

  if (!symbol || (detail.error && isApiError(detail.error) && detail.error.key === 'not_found')) {
    return (
      <div className="page-pad">
        <EmptyState icon="search" title={t('market.notFound')}>
          <Link to={QUOTATION_PATH} className="btn btn-secondary" data-testid="to-markets">
            {t('market.quotation.title')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (!detail.data) {
    if (detail.isPending) return <DelayedSpinner />;
    const msg = isApiError(detail.error) && detail.error.msg ? detail.error.msg : t('app.loadFailed');
    return (
      <div className="page-pad">
        <EmptyState icon="chart" title={msg}>
          <Button variant="secondary" onClick={() => void detail.refetch()} data-testid="retry">
            {t('app.retry')}
          </Button>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className={`page-pad stack detail-page${instrument ? ' detail-page-with-bar' : ''}`}>
      {banner}
      <InstrumentHeader symbol={symbol} instrument={instrument} ticker={ticker} favorites={favorites} />
      <ChartPanel symbol={symbol} tickSize={instrument?.tickSize} />
      {children}
      {instrument && <TradeBar symbol={instrument.symbol} kind={instrument.kind} soon={soon} />}
    </div>
  );
}
