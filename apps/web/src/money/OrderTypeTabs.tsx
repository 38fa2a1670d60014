import { useTranslation } from 'react-i18next';
import { Tabs } from '../ui/Tabs.tsx';

/** Limit or market as segmented tabs (`type-limit`, `type-market`), in the order the ticket lists them. */
export function OrderTypeTabs<T extends 'limit' | 'market'>({
  types,
  value,
  onChange,
}: {
  types: readonly T[];
  value: T;
  onChange: (type: T) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      variant="segmented"
      tabs={types.map((id) => ({ id, label: t(id === 'limit' ? 'spot.type.limit' : 'spot.type.market') }))}
      value={value}
      onChange={onChange}
      testIdPrefix="type-"
    />
  );
}
