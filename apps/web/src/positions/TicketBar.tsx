import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Side = 'long' | 'short';

/**
 * The ticket with Long and Short kept in reach on a phone: on Futures the ticket comes under the
 * chart and is taller than a 390x844 screen, so its button starts out of sight. A bar fixed above
 * the tab bar (as on Binance and Bybit) offers both sides until the ticket's button is on screen. A
 * tap presses that side on the ticket itself (its own toggle, so what is typed stays) and scrolls
 * the ticket up until its button sits just above the tab bar.
 */
export function TicketWithBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const buttonOnScreen = useFullyOnScreen(end);
  const choose = (side: Side) => {
    box.current?.querySelector<HTMLButtonElement>(`.side-toggle [data-side="${side}"]`)?.click();
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    end.current?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'end' });
  };
  return (
    <div ref={box} className="pos-ticket-box">
      {children}
      {/* Over the ticket's last lines (its button): while they are all on screen the bar steps aside. */}
      <div ref={end} className="pos-ticket-end" aria-hidden="true" />
      {!buttonOnScreen && (
        <div className="pos-ticket-bar" data-testid="ticket-bar">
          {(['long', 'short'] as const).map((side) => (
            <button
              key={side}
              type="button"
              className={`btn btn-block pos-submit pos-submit-${side}`}
              data-testid={`ticket-bar-${side}`}
              onClick={() => choose(side)}
            >
              {t(side === 'long' ? 'positions.side.long' : 'positions.side.short')}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** Whether all of an element is on screen and above the tab bar (which covers the screen's bottom). */
function useFullyOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const tabBar = getComputedStyle(document.documentElement).getPropertyValue('--tab-h').trim() || '56px';
    const observer = new IntersectionObserver(
      ([entry]) => setOn(entry !== undefined && entry.intersectionRatio > 0.99),
      { rootMargin: `0px 0px -${tabBar} 0px`, threshold: [0, 1] },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return on;
}
