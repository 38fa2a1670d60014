import type { ReactNode } from 'react';

/**
 * The one box a table sits in. It scrolls sideways when the table is wider than the page, so it is
 * always a named region the keyboard can focus and scroll (axe: scrollable-region-focusable), not
 * only when its rows happen to overflow: whether a check passed used to depend on how much data
 * the page held (issue 23).
 */
export function TableWrap({
  label,
  className = '',
  busy,
  children,
}: {
  /** What the table lists, for screen readers (the region's name). */
  label: string;
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={`table-wrap ${className}`.trim()}
      aria-label={label}
      aria-busy={busy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to be scrolled by keyboard
      tabIndex={0}
    >
      {children}
    </section>
  );
}
