import { useTranslation } from 'react-i18next';
import type { TKey } from '../i18n/keys.ts';
import { PasswordField } from '../ui/PasswordField.tsx';

/**
 * The transaction password a money form asks for (withdraw, transfer to a user, earn): never
 * remembered by the browser, its error cleared as the user types again.
 */
export function TradePasswordField({
  value,
  error,
  onChange,
  label = 'funding.withdraw.tradePassword',
  placeholder,
  testId = 'trade-password',
}: {
  value: string;
  error?: string | undefined;
  /** The new value; the form clears the field's error here. */
  onChange: (value: string) => void;
  label?: TKey;
  placeholder?: TKey;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={t(label)}
      name="tradePassword"
      autoComplete="off"
      {...(placeholder ? { placeholder: t(placeholder) } : {})}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    />
  );
}
