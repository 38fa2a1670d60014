import {
  ADVANCED_FIELDS,
  type AdvancedField,
  KYC_ADDRESS_MAX,
  KYC_AGE_MAX,
  KYC_AGE_MIN,
  KYC_TEXT_MAX,
} from '@otc/protocol/kyc/rules';
import type { AdvancedFields } from '@otc/protocol/kyc/schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { useKycForm } from './useKycForm.ts';

type Draft = Record<AdvancedField, string>;
const EMPTY = Object.fromEntries(ADVANCED_FIELDS.map((f) => [f, ''])) as Draft;

/** How each field is typed: the keyboard a phone shows, what the browser may fill in, how long it may be. */
const INPUT: Record<
  AdvancedField,
  { type?: string; inputMode?: 'numeric' | 'tel'; autoComplete: string; max: number }
> = {
  age: { inputMode: 'numeric', autoComplete: 'off', max: 3 },
  contact: { autoComplete: 'tel', max: KYC_TEXT_MAX },
  workAddress: { autoComplete: 'off', max: KYC_ADDRESS_MAX },
  homeAddress: { autoComplete: 'street-address', max: KYC_ADDRESS_MAX },
  relationship: { autoComplete: 'off', max: KYC_TEXT_MAX },
  relativeName: { autoComplete: 'off', max: KYC_TEXT_MAX },
  relativeAddress: { autoComplete: 'off', max: KYC_ADDRESS_MAX },
  workType: { autoComplete: 'organization-title', max: KYC_TEXT_MAX },
  annualIncome: { autoComplete: 'off', max: KYC_TEXT_MAX },
  emergencyName: { autoComplete: 'off', max: KYC_TEXT_MAX },
  emergencyPhone: { type: 'tel', inputMode: 'tel', autoComplete: 'off', max: 20 },
};

/** The advanced level, open once basic is verified; a resubmission starts from what was sent before. */
export function AdvancedForm({ previous, onDone }: { previous: AdvancedFields | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(
    previous ? { ...EMPTY, ...previous, age: String(previous.age) } : EMPTY,
  );
  const { errors, busy, submit } = useKycForm(ADVANCED_FIELDS, onDone);
  const set = (field: AdvancedField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    errors.clear(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const age = Number(draft.age);
    if (!/^\d+$/.test(draft.age.trim()) || age < KYC_AGE_MIN || age > KYC_AGE_MAX)
      return errors.show('age', t('kyc.errors.age', { min: KYC_AGE_MIN, max: KYC_AGE_MAX }));
    void submit({ level: 'advanced', ...draft, age });
  };

  return (
    <form className="stack kyc-form" onSubmit={onSubmit} noValidate data-testid="kyc-advanced-form">
      {ADVANCED_FIELDS.map((field) => (
        <Field
          key={field}
          label={t(`kyc.fields.${field}`)}
          name={field}
          type={INPUT[field].type ?? 'text'}
          inputMode={INPUT[field].inputMode}
          autoComplete={INPUT[field].autoComplete}
          maxLength={INPUT[field].max}
          value={draft[field]}
          onChange={(e) => set(field, e.target.value)}
          error={errors.errors[field]}
        />
      ))}
      <Button type="submit" block loading={busy} data-testid="kyc-submit">
        {t('kyc.submit')}
      </Button>
    </form>
  );
}
