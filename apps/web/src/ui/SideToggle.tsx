import { sideButtonClass, toneOf } from './sideToggle.ts';
import './side-toggle.css';

/**
 * The two sides of an order ticket (buy or sell, long or short) as two buttons, the chosen one
 * pressed and coloured (the first side up, the second down); each is `side-<side>` to the tests
 * and carries `data-side` (Futures' Long/Short bar presses the ticket's own button by it).
 * `buttonClassName` is a ticket's own look on top (spot's is more compact).
 */
export function SideToggle<S extends string>({
  sides,
  value,
  onChange,
  labelOf,
  buttonClassName,
}: {
  sides: readonly [S, S];
  value: S;
  onChange: (side: S) => void;
  labelOf: (side: S) => string;
  buttonClassName?: string;
}) {
  return (
    <div className="side-toggle">
      {sides.map((s, i) => (
        <button
          key={s}
          type="button"
          className={sideButtonClass(toneOf(i), value === s, buttonClassName)}
          aria-pressed={value === s}
          onClick={() => onChange(s)}
          data-testid={`side-${s}`}
          data-side={s}
        >
          {labelOf(s)}
        </button>
      ))}
    </div>
  );
}
