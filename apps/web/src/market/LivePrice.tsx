import { useEffect, useRef, useState } from 'react';
import { useLang } from '../i18n/useLang.ts';
import { compareDecimal, formatChange, formatPrice, type Tone, tone } from '../money/format.ts';
import './live.css';

/** How long a price cell stays lit after it moves. */
export const FLASH_MS = 700;

/** A live price cut to the instrument's decimals; the cell flashes green or red when it moves. */
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
  const previous = useRef(price);
  const [flash, setFlash] = useState<Tone | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (before === undefined || price === undefined || before === price) return;
    const moved = compareDecimal(price, before);
    if (moved === 0) return;
    setFlash(moved > 0 ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);

  return (
    <span
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
