import { BASIC_FIELDS, type BasicField, DOCUMENT_TYPES, KYC_NAME_MAX } from '@otc/protocol/kyc/rules';
import type { BasicFields } from '@otc/protocol/kyc/schemas';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/useLang.ts';
import { countryOptions } from '../location/index.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { ImageField } from '../ui/ImageField.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { useKycForm } from './useKycForm.ts';

type Draft = Record<BasicField, string>;
const EMPTY: Draft = {
  nationality: '',
  realName: '',
  firstName: '',
  lastName: '',
  documentType: '',
  documentNumber: '',
  frontImage: '',
  backImage: '',
};
const TEXT_FIELDS = ['realName', 'firstName', 'lastName'] as const;

/**
 * The basic level: nationality, names, the document and its two photos. A resubmission starts
 * from what was sent before (the photos too, kept unless the user picks new ones).
 */
export function BasicForm({ previous, onDone }: { previous: BasicFields | null; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const countries = useMemo(() => countryOptions(lang), [lang]);
  const [draft, setDraft] = useState<Draft>(previous ? { ...EMPTY, ...previous } : EMPTY);
  const { errors, busy, submit } = useKycForm(BASIC_FIELDS, onDone);
  const set = (field: BasicField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    errors.clear(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The photos are checked here, as "please enter the photo" from the server would read oddly.
    for (const photo of ['frontImage', 'backImage'] as const) {
      if (!draft[photo]) return errors.show(photo, t('kyc.errors.photo'));
    }
    void submit({ level: 'basic', ...(draft as BasicFields) });
  };

  return (
    <form className="stack kyc-form" onSubmit={onSubmit} noValidate data-testid="kyc-basic-form">
      <SelectField
        label={t('kyc.fields.nationality')}
        name="nationality"
        value={draft.nationality}
        onChange={(e) => set('nationality', e.target.value)}
        options={[{ value: '', label: t('kyc.choose') }, ...countries]}
        error={errors.errors.nationality}
      />
      {TEXT_FIELDS.map((field) => (
        <Field
          key={field}
          label={t(`kyc.fields.${field}`)}
          name={field}
          autoComplete={field === 'firstName' ? 'given-name' : field === 'lastName' ? 'family-name' : 'name'}
          maxLength={KYC_NAME_MAX}
          value={draft[field]}
          onChange={(e) => set(field, e.target.value)}
          error={errors.errors[field]}
        />
      ))}
      <SelectField
        label={t('kyc.fields.documentType')}
        name="documentType"
        value={draft.documentType}
        onChange={(e) => set('documentType', e.target.value)}
        options={[
          { value: '', label: t('kyc.choose') },
          ...DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`kyc.documentTypes.${type}`) })),
        ]}
        error={errors.errors.documentType}
      />
      <Field
        label={t('kyc.fields.documentNumber')}
        name="documentNumber"
        autoComplete="off"
        maxLength={30}
        value={draft.documentNumber}
        onChange={(e) => set('documentNumber', e.target.value)}
        error={errors.errors.documentNumber}
      />
      <p className="kyc-hint">{t(previous ? 'kyc.keepPhotos' : 'kyc.photoHint')}</p>
      <div className="kyc-photos">
        <ImageField
          label={t('kyc.fields.frontImage')}
          name="frontImage"
          purpose="kyc"
          value={draft.frontImage || undefined}
          onChange={(id) => set('frontImage', id ?? '')}
          error={errors.errors.frontImage}
        />
        <ImageField
          label={t('kyc.fields.backImage')}
          name="backImage"
          purpose="kyc"
          value={draft.backImage || undefined}
          onChange={(id) => set('backImage', id ?? '')}
          error={errors.errors.backImage}
        />
      </div>
      <Button type="submit" block loading={busy} data-testid="kyc-submit">
        {t('kyc.submit')}
      </Button>
    </form>
  );
}
