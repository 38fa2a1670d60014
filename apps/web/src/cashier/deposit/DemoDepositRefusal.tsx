import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.tsx';

/**
 * What a demo account sees on the deposit pages: one explanation, said once (issue 24: the records
 * page showed a card and a toast, and called the server only to be refused with 403s).
 */
export function DemoDepositRefusal() {
  const { t } = useTranslation();
  return (
    <div className="page-pad">
      <section className="card" data-testid="deposit-demo">
        <EmptyState icon="lock" title={t('funding.deposit.demoTitle')}>
          <p className="empty-state-text">{t('funding.deposit.demoHint')}</p>
        </EmptyState>
      </section>
    </div>
  );
}
