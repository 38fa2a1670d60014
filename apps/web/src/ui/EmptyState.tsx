import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export function EmptyState({
  icon = 'inbox',
  title,
  text,
  children,
}: {
  icon?: IconName;
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <div className="empty-state-icon">
        <Icon name={icon} size={34} />
      </div>
      <p className="empty-state-title">{title}</p>
      {text && <p className="empty-state-text">{text}</p>}
      {children}
    </div>
  );
}
