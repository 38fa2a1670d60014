import '../money/money.css';

/** An on/off choice drawn as a switch (a track with a knob; styles `.money-switch`), its label beside it. */
export function Switch({
  checked,
  onChange,
  label,
  testId,
  className,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  testId: string;
  className?: string;
}) {
  return (
    <label className={className ? `money-switch ${className}` : 'money-switch'}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span>{label}</span>
    </label>
  );
}
