import { useTranslation } from 'react-i18next';
import { InstrumentDetail } from '../market/screens.ts';
import { EmptyState } from '../ui/EmptyState.tsx';

/** A CFD's detail with its chart; the order ticket comes later. */
export default function StocksDetailPage() {
  const { t } = useTranslation();
  return (
    <InstrumentDetail>
      <section className="card">
        <EmptyState icon="trade" title={t('app.comingSoon')} text={t('cfd.detail.ticketSoon')} />
      </section>
    </InstrumentDetail>
  );
}
