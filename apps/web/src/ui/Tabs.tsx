import type { ReactNode } from 'react';
import './tabs.css';

/**
 * The three looks, by the class names each had before they were one component (the screens' CSS,
 * e.g. a tab's second line on the assets page, styles them): a scrolling row with the open tab
 * underlined, the same row smaller with the open tab on a soft background, and equal segments on a
 * grey track (the money and spot screens).
 */
const LOOKS = {
  underline: { row: 'mk-tabs', tab: 'mk-tab' },
  pills: { row: 'mk-tabs mk-tabs-small', tab: 'mk-tab' },
  segmented: { row: 'money-tabs', tab: 'money-tab' },
} as const;

export type TabsVariant = keyof typeof LOOKS;

/** A tab list; each tab carries `data-testid={testIdPrefix + id}`. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  testIdPrefix,
  label,
  variant = 'underline',
}: {
  tabs: readonly { id: T; label: ReactNode }[];
  value: T;
  onChange: (id: T) => void;
  testIdPrefix: string;
  label?: string;
  variant?: TabsVariant;
}) {
  const look = LOOKS[variant];
  return (
    <div className={look.row} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={value === tab.id}
          className={`${look.tab}${value === tab.id ? ` ${look.tab}-active` : ''}`}
          data-testid={`${testIdPrefix}${tab.id}`}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
