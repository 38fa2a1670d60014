import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Extra header content (actions), rendered after the title block. */
  children?: ReactNode;
}

/** The title block at the top of a back-office page. */
export function PageHeader({ title, subtitle, children }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle !== undefined && <p className="muted">{subtitle}</p>}
      </div>
      {children}
    </header>
  );
}
