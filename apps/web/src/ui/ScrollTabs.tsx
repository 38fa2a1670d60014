import type { ReactNode } from 'react';
import './scroll-tabs.css';

/** Tabs in one scrolling row; each carries `data-testid={testIdPrefix + id}`. */
export function ScrollTabs<T extends string>({
  tabs,
  value,
  onChange,
  testIdPrefix,
  label,
  small = false,
}: {
  tabs: readonly { id: T; label: ReactNode }[];
  value: T;
  onChange: (id: T) => void;
  testIdPrefix: string;
  label?: string;
  small?: boolean;
}) {
  return (
    <div className={`mk-tabs${small ? ' mk-tabs-small' : ''}`} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={value === tab.id}
          className={`mk-tab${value === tab.id ? ' mk-tab-active' : ''}`}
          data-testid={`${testIdPrefix}${tab.id}`}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
