import {
  ADVANCED_FIELDS,
  type AdvancedField,
  KYC_ADDRESS_MAX,
  KYC_AGE_MAX,
  KYC_AGE_MIN,
  KYC_TEXT_MAX,
} from '@otc/protocol/kyc/rules';
import type { AdvancedFields } from '@otc/protocol/kyc/schemas';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chooseHref, chosen, forget, keepDraft, keptDraft } from '../location/index.ts';
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

/** The fields whose place may be chosen on `/choose-location`, and where that page sends the reader back. */
const PLACE_FIELDS: readonly AdvancedField[] = ['homeAddress', 'workAddress'];
const DRAFT = 'kyc.advanced';
export const ADVANCED_RETURN = '/pages/assets/auth?form=advanced';

/**
 * The draft as the reader left it to choose a place (else what was sent before, else empty), with
 * each chosen place put in its field: after what was typed there (the street), or alone.
 */
function startingDraft(previous: AdvancedFields | null): Draft {
  const base = previous ? { ...EMPTY, ...previous, age: String(previous.age) } : EMPTY;
  const draft: Draft = { ...base, ...(keptDraft(DRAFT) ?? {}) };
  for (const field of PLACE_FIELDS) {
    const line = chosen(field);
    if (line) draft[field] = draft[field].trim() ? `${draft[field].trim()}, ${line}` : line;
  }
  return draft;
}

/** The advanced level, open once basic is verified; a resubmission starts from what was sent before. */
export function AdvancedForm({ previous, onDone }: { previous: AdvancedFields | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => startingDraft(previous));
  // Taken back: the kept draft and choices are not offered again to a later form.
  useEffect(() => forget(DRAFT, PLACE_FIELDS), []);
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
          addon={
            PLACE_FIELDS.includes(field) ? (
              <Link
                to={chooseHref(ADVANCED_RETURN, field)}
                className="location-pick"
                onClick={() => keepDraft(DRAFT, draft)}
                data-testid={`choose-location-${field}`}
              >
                {t('location.choose.open')}
              </Link>
            ) : undefined
          }
        />
      ))}
      <Button type="submit" block loading={busy} data-testid="kyc-submit">
        {t('kyc.submit')}
      </Button>
    </form>
  );
}
