import { sideButtonClass } from './sideToggle.ts';

/**
 * The two sides of an order ticket (buy or sell, long or short) as two buttons, the chosen one
 * pressed; each is `side-<side>` to the tests. `classPrefix` keeps each ticket's own look
 * (`spot-toggle`, `spot-side`, ...; `pos-toggle`, `pos-side`, ...).
 */
export function SideToggle<S extends string>({
  sides,
  value,
  onChange,
  labelOf,
  classPrefix,
}: {
  sides: readonly S[];
  value: S;
  onChange: (side: S) => void;
  labelOf: (side: S) => string;
  classPrefix: string;
}) {
  return (
    <div className={`${classPrefix}-toggle`}>
      {sides.map((s) => (
        <button
          key={s}
          type="button"
          className={sideButtonClass(classPrefix, s, value)}
          aria-pressed={value === s}
          onClick={() => onChange(s)}
          data-testid={`side-${s}`}
        >
          {labelOf(s)}
        </button>
      ))}
    </div>
  );
}
