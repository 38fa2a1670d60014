import { useTranslation } from 'react-i18next';

/** PRODUCT.md invariant 4: every screen of a demo account says DEMO. */
export function DemoBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="demo-badge" data-testid={testId} title={t('app.demoHint')}>
      {t('app.demo')}
    </span>
  );
}
