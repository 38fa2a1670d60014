import { DOCUMENT_TYPES, KYC_NAME_MAX, KYC_TEXT_MAX } from '@otc/protocol/kyc/rules';
import type { LoanCertification } from '@otc/protocol/loan/schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import type { TKey } from '../i18n/keys.ts';
import { Button } from '../ui/Button.tsx';
import { Field, FieldError } from '../ui/Field.tsx';
import { ImageField } from '../ui/ImageField.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import {
  CERTIFICATION_FIELDS,
  type CertificationDraft,
  type CertificationField,
  certificationBody,
  draftOf,
  fieldOfServer,
  missingPhoto,
  OPTIONAL_PHOTOS,
  PHOTO_GROUPS,
  type PhotoGroup,
  type TextField,
} from './certificationForm.ts';
import { loanApi } from './loanApi.ts';

/** Each text's label (identity verification's, where the words are the same) and how it is typed. */
const TEXTS: Record<
  TextField,
  { label: TKey; max: number; inputMode?: 'decimal' | 'tel'; autoComplete: string }
> = {
  realName: { label: 'kyc.fields.realName', max: KYC_NAME_MAX, autoComplete: 'name' },
  documentNumber: { label: 'kyc.fields.documentNumber', max: KYC_TEXT_MAX, autoComplete: 'off' },
  workType: { label: 'kyc.fields.workType', max: KYC_TEXT_MAX, autoComplete: 'organization-title' },
  annualIncome: {
    label: 'loan.certification.annualIncome',
    max: 30,
    inputMode: 'decimal',
    autoComplete: 'off',
  },
  emergencyName: { label: 'kyc.fields.emergencyName', max: KYC_NAME_MAX, autoComplete: 'off' },
  emergencyPhone: { label: 'kyc.fields.emergencyPhone', max: 20, inputMode: 'tel', autoComplete: 'off' },
};

const GROUP_LABELS: Record<PhotoGroup, TKey> = {
  bankCards: 'loan.certification.bankCards',
  assetProofs: 'loan.certification.assetProofs',
  transactionRecords: 'loan.certification.transactionRecords',
};
const SLOT_LABELS: Record<PhotoGroup, TKey> = {
  bankCards: 'loan.certification.bankCard',
  assetProofs: 'loan.certification.assetProof',
  transactionRecords: 'loan.certification.transactionRecord',
};
const OPTIONAL_LABELS: Record<(typeof OPTIONAL_PHOTOS)[number], TKey> = {
  propertyCertificate: 'loan.certification.propertyCertificate',
  workCertificate: 'loan.certification.workCertificate',
  otherAssets: 'loan.certification.otherAssets',
};

/**
 * Seed §3's certification: who the borrower is, their work, income and emergency contact, and the
 * documents, each an image uploaded as it is picked (purpose loan_document); the ones on file are
 * kept unless replaced.
 */
export function CertificationForm({
  onFile,
  onSaved,
}: {
  onFile: LoanCertification['certification'];
  onSaved: (saved: LoanCertification) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CertificationDraft>(() => draftOf(onFile));
  const errors = useFieldErrors<CertificationField>(CERTIFICATION_FIELDS);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof CertificationDraft>(field: K, value: CertificationDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    errors.clear(field);
  };
  // From the draft as it is when the upload ends: several slots' uploads may end at once.
  const setSlot = (group: PhotoGroup, index: number, id: string | undefined) => {
    setDraft((d) => ({ ...d, [group]: d[group].map((old, i) => (i === index ? (id ?? '') : old)) }));
    errors.clear(group);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingPhoto(draft);
    if (missing) return errors.show(missing, t('loan.certification.photoMissing'));
    setBusy(true);
    try {
      const saved = await loanApi.certify(certificationBody(draft));
      toast(t('loan.certification.saved'));
      window.scrollTo(0, 0);
      onSaved(saved);
    } catch (error) {
      // An issue inside a group (`bankCards.1`) shows under the group.
      const field = isApiError(error) ? fieldOfServer(error.field) : undefined;
      if (isApiError(error) && field && (CERTIFICATION_FIELDS as readonly string[]).includes(field))
        errors.show(field as CertificationField, error.msg);
      else errors.fail(error);
    } finally {
      setBusy(false);
    }
  };

  const text = (field: TextField) => (
    <Field
      key={field}
      label={t(TEXTS[field].label)}
      name={field}
      inputMode={TEXTS[field].inputMode}
      autoComplete={TEXTS[field].autoComplete}
      maxLength={TEXTS[field].max}
      value={draft[field]}
      onChange={(e) => set(field, e.target.value)}
      error={errors.errors[field]}
    />
  );

  return (
    <form
      className="card stack"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid="loan-certification-form"
    >
      {text('realName')}
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
      {text('documentNumber')}
      <Field
        label={t('loan.certification.birthDate')}
        name="birthDate"
        type="date"
        autoComplete="bday"
        value={draft.birthDate}
        onChange={(e) => set('birthDate', e.target.value)}
        error={errors.errors.birthDate}
      />
      <ImageField
        label={t('loan.certification.idPhoto')}
        name="idPhoto"
        purpose="loan_document"
        value={draft.idPhoto || undefined}
        onChange={(id) => set('idPhoto', id ?? '')}
        error={errors.errors.idPhoto}
      />
      {text('workType')}
      {text('annualIncome')}
      {text('emergencyName')}
      {text('emergencyPhone')}
      {PHOTO_GROUPS.map((group) => (
        <fieldset key={group} className="loan-photos-group" data-testid={`loan-group-${group}`}>
          <legend className="loan-photos-title">{t(GROUP_LABELS[group])}</legend>
          <div className="loan-photos">
            {draft[group].map((id, index) => (
              <ImageField
                // Slots are fixed: the index is the slot.
                // biome-ignore lint/suspicious/noArrayIndexKey: a slot's place is its identity
                key={index}
                label={t(SLOT_LABELS[group], { n: index + 1 })}
                name={`${group}-${index}`}
                purpose="loan_document"
                value={id || undefined}
                onChange={(next) => setSlot(group, index, next)}
              />
            ))}
          </div>
          {errors.errors[group] && <FieldError name={group} message={errors.errors[group]} />}
        </fieldset>
      ))}
      <fieldset className="loan-photos-group">
        <legend className="loan-photos-title">{t('loan.certification.optional')}</legend>
        <div className="loan-photos">
          {OPTIONAL_PHOTOS.map((field) => (
            <ImageField
              key={field}
              label={t(OPTIONAL_LABELS[field])}
              name={field}
              purpose="loan_document"
              value={draft[field] || undefined}
              onChange={(id) => set(field, id ?? '')}
              error={errors.errors[field]}
            />
          ))}
        </div>
      </fieldset>
      <Button type="submit" block loading={busy} data-testid="loan-certification-submit">
        {t(onFile ? 'loan.certification.replace' : 'loan.certification.submit')}
      </Button>
    </form>
  );
}
