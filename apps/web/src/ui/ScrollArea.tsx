import type { ReactNode } from 'react';

/**
 * The one element for a box that scrolls content holding nothing focusable (a dialog's text, the
 * trades tape): a named region the keyboard can focus and scroll (axe: scrollable-region-focusable),
 * whether or not its content overflows today (issue 23). A box whose content is all buttons or
 * links (tab bars, pickers, the news strip) is reached through them and needs no extra stop.
 */
export function ScrollArea({
  label,
  className,
  children,
}: {
  /** What it holds, for screen readers (the region's name). */
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to be scrolled by keyboard
      tabIndex={0}
    >
      {children}
    </section>
  );
}
