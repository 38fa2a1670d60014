import type { AdvancedField, BasicField } from '@otc/protocol/kyc/rules';
import type { AdvancedFields, BasicFields } from '@otc/protocol/kyc/schemas';
import { useTranslation } from 'react-i18next';
import { KeyValueRow } from '../ui/KeyValueRow.tsx';

const BASIC_SHOWN = [
  'nationality',
  'realName',
  'firstName',
  'lastName',
  'documentType',
  'documentNumber',
] as const;

/** What was submitted, as text (the photos are not shown again: they stay with the application). */
export function Summary({ fields }: { fields: BasicFields | AdvancedFields }) {
  const { t, i18n } = useTranslation();
  const rows: [BasicField | AdvancedField, string][] =
    'realName' in fields
      ? BASIC_SHOWN.map((k) => [
          k,
          k === 'documentType'
            ? t(`kyc.documentTypes.${fields.documentType}`)
            : k === 'nationality'
              ? regionName(fields.nationality, i18n.language)
              : fields[k],
        ])
      : Object.entries(fields).map(([k, v]) => [k as AdvancedField, String(v)]);
  return (
    <div className="kyc-summary" data-testid="kyc-summary">
      {rows.map(([key, value]) => (
        <KeyValueRow key={key} label={t(`kyc.fields.${key}`)} testId={`kyc-summary-${key}`}>
          {value}
        </KeyValueRow>
      ))}
    </div>
  );
}

function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
