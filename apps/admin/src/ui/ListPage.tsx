import type { ReactNode } from 'react';
import { SuccessAlert } from './Alert.tsx';
import { ListBody, type ListBodyProps } from './ListBody.tsx';
import { PageHeader } from './PageHeader.tsx';
import { RightsHint } from './RightsHint.tsx';
import type { Notice } from './useNotice.ts';

/** A page's one action on the whole list (create, edit all), offered to the roles that may take it. */
export interface ListAction {
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
}

interface ListPageProps extends Omit<ListBodyProps, 'region'> {
  title: string;
  subtitle?: ReactNode;
  /** Beside the title: links to the list's other pages. */
  actions?: ReactNode;
  /** The scrolling region's name, when it is not the title. */
  region?: string;
  /** After the list: its dialogs. */
  after?: ReactNode;
  /**
   * Whether this operator may change what the list shows, and what tells the others why not: the
   * `action` is offered only when allowed, the hint shown only when not.
   */
  rights?: { allowed: boolean; hint: string };
  /** At the toolbar's end, after Refresh, for those `rights` allow. */
  action?: ListAction;
  /** What the last change did (`useNotice`), above the table. */
  notice?: Notice;
}

/**
 * A back-office page that is one listing: its title, then the listing (ListBody) with the page's
 * action, the rights hint and the last change's notice, then its dialogs.
 */
export function ListPage(props: ListPageProps) {
  const { title, subtitle, actions, region, after, rights, action, notice, ...list } = props;
  const allowed = rights?.allowed ?? true;
  const button = action && allowed && (
    <button
      type="button"
      className="btn btn-primary"
      onClick={action.onClick}
      disabled={action.disabled}
      data-testid={action.testId}
    >
      {action.label}
    </button>
  );
  const shared = rights !== undefined || notice !== undefined;
  return (
    <section className="page">
      <PageHeader title={title} subtitle={subtitle}>
        {actions}
      </PageHeader>
      <ListBody
        region={region ?? title}
        {...list}
        toolbarEnd={
          button ? (
            <>
              {list.toolbarEnd}
              {button}
            </>
          ) : (
            list.toolbarEnd
          )
        }
        notices={
          shared ? (
            <>
              {rights && <RightsHint {...rights} />}
              {notice?.text && <SuccessAlert onDismiss={notice.clear}>{notice.text}</SuccessAlert>}
              {list.notices}
            </>
          ) : (
            list.notices
          )
        }
      />
      {after}
    </section>
  );
}
