import { useTranslation } from 'react-i18next';
import type { TKey } from '../i18n/keys.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import type { IconName } from '../ui/Icon.tsx';
import { useRouteMeta } from './useRouteMeta.ts';

/** The designed stand-in a page shows until its feature lands: its title and what is coming. */
export function ComingSoon({ icon, text }: { icon: IconName; text: TKey }) {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  return (
    <div className="page-pad">
      {meta && (
        <h1 className="page-title" data-testid="page-title">
          {t(meta.title)}
        </h1>
      )}
      <EmptyState icon={icon} title={t('app.comingSoon')} text={t(text)} />
    </div>
  );
}
