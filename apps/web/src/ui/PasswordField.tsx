import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type FieldProps } from './Field.tsx';
import { Icon } from './Icon.tsx';

export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="icon-btn"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={20} />
        </button>
      }
    />
  );
}
