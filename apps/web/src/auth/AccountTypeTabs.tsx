import { useTranslation } from 'react-i18next';
import type { AccountKind } from './validate.ts';

const KINDS: readonly AccountKind[] = ['email', 'mobile'];

export function AccountTypeTabs({
  value,
  onChange,
}: {
  value: AccountKind;
  onChange: (kind: AccountKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="segmented" role="tablist">
      {KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          role="tab"
          aria-selected={value === kind}
          className={`segmented-item${value === kind ? ' segmented-item-active' : ''}`}
          data-testid={`account-type-${kind}`}
          onClick={() => onChange(kind)}
        >
          {kind === 'email' ? t('auth.tabs.email') : t('auth.tabs.mobile')}
        </button>
      ))}
    </div>
  );
}
