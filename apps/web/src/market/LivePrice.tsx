import { useEffect, useRef, useState } from 'react';
import { useLang } from '../i18n/useLang.ts';
import { compareDecimal, formatChange, formatPrice, type Tone, tone } from '../money/format.ts';
import './live.css';

/** The last move of a price: its direction, and how many moves so far (restarts the flash). */
interface Move {
  price: string | undefined;
  flash: Tone | null;
  count: number;
}

function nextMove(last: Move, price: string | undefined): Move {
  if (last.price === undefined || price === undefined) return { ...last, price };
  const moved = compareDecimal(price, last.price);
  if (moved === 0) return { ...last, price };
  return { price, flash: moved > 0 ? 'up' : 'down', count: last.count + 1 };
}

/** How long a moved price stays lit. */
export const FLASH_MS = 700;

/**
 * A live price cut to the instrument's decimals; the cell is lit green or red for `FLASH_MS` when
 * it moves. The cell is drawn anew for each move (its key), lit by a plain class, and a timer takes
 * the class off the element itself: a move costs one render of the cell (issue 13: blocking time on
 * a phone) and two style changes. It was a fading CSS animation of its colours: with every price of
 * a list moving each second, the page recomputed styles and repainted 60 times a second for as long
 * as it was open (measured on the home page: 11-12% of a core in Chromium, idle; 1.5% without).
 */
export function LivePrice({
  price,
  decimals,
  testId,
  className,
}: {
  price: string | undefined;
  decimals: number;
  testId?: string;
  className?: string;
}) {
  const lang = useLang();
  const [move, setMove] = useState<Move>({ price, flash: null, count: 0 });
  // Adjusted while rendering (React draws again at once, before the browser paints), not in an effect.
  if (move.price !== price) setMove(nextMove(move, price));
  const flash = move.price === price ? move.flash : null;
  const cell = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (move.count === 0) return;
    const lit = cell.current;
    const timer = setTimeout(() => lit?.classList.remove('flash-up', 'flash-down'), FLASH_MS);
    return () => clearTimeout(timer);
  }, [move.count]);

  return (
    <span
      key={move.count}
      ref={cell}
      className={`live-price${flash ? ` flash-${flash}` : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
      data-flash={flash ?? undefined}
    >
      {price === undefined ? '--' : formatPrice(price, decimals, lang)}
    </span>
  );
}

/** A 24 h change as a signed percentage, green up and red down. */
export function Change({
  change,
  badge = false,
  testId,
}: {
  change: string | undefined;
  badge?: boolean;
  testId?: string;
}) {
  const lang = useLang();
  const direction = change === undefined ? 'flat' : tone(change);
  return (
    <span className={`${badge ? 'change-badge' : 'change-text'} mk-${direction}`} data-testid={testId}>
      {change === undefined ? '--' : formatChange(change, lang)}
    </span>
  );
}
