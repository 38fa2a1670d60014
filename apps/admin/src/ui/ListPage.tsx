import type { ReactNode } from 'react';
import { ListBody, type ListBodyProps } from './ListBody.tsx';
import { PageHeader } from './PageHeader.tsx';

interface ListPageProps extends Omit<ListBodyProps, 'region'> {
  title: string;
  subtitle?: ReactNode;
  /** Beside the title: links to the list's other pages. */
  actions?: ReactNode;
  /** The scrolling region's name, when it is not the title. */
  region?: string;
  /** After the list: its dialogs. */
  after?: ReactNode;
}

/** A back-office page that is one listing: its title, then the listing (ListBody), then its dialogs. */
export function ListPage({ title, subtitle, actions, region, after, ...list }: ListPageProps) {
  return (
    <section className="page">
      <PageHeader title={title} subtitle={subtitle}>
        {actions}
      </PageHeader>
      <ListBody region={region ?? title} {...list} />
      {after}
    </section>
  );
}
