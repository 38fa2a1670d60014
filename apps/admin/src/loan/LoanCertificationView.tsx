import type { AdminLoanDetail } from '@otc/protocol/loan/schemas';
import { texts } from '../texts.ts';
import { formatQuantity, formatTime } from '../ui/format.ts';
import { LoanDocument } from './LoanDocument.tsx';
import { loanTexts } from './texts.ts';

const t = loanTexts.loan.detail;
const f = loanTexts.loan.fields;
type Certification = NonNullable<AdminLoanDetail['certification']>;

/** Whole years from an ISO birth date to now (display only: the server checks the age of 18). */
function age(birthDate: string): number {
  const born = new Date(`${birthDate}T00:00:00Z`);
  const now = new Date();
  const years = now.getUTCFullYear() - born.getUTCFullYear();
  const before =
    now.getUTCMonth() < born.getUTCMonth() ||
    (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate());
  return before ? years - 1 : years;
}

/** Every document of the certification, labelled and in the seed's order; the optional ones when given. */
function documents(c: Certification): { key: string; id: string; label: string }[] {
  const optional = (['propertyCertificate', 'workCertificate', 'otherAssets'] as const).flatMap((k) => {
    const id = c[k];
    return id ? [{ key: k, id, label: f[k] }] : [];
  });
  return [
    { key: 'idPhoto', id: c.idPhoto, label: f.idPhoto },
    ...c.bankCards.map((id, i) => ({ key: `bankCards-${i + 1}`, id, label: f.bankCards(i + 1) })),
    ...c.assetProofs.map((id, i) => ({ key: `assetProofs-${i + 1}`, id, label: f.assetProofs(i + 1) })),
    ...c.transactionRecords.map((id, i) => ({
      key: `transactionRecords-${i + 1}`,
      id,
      label: f.transactionRecords(i + 1),
    })),
    ...optional,
  ];
}

/** The borrower's loan certification: every field, then every document side by side. */
export function LoanCertificationView({ loan }: { loan: AdminLoanDetail }) {
  const c = loan.certification;
  if (!c)
    return (
      <div className="section">
        <h2 className="subheading">{t.certification}</h2>
        <p className="muted" data-testid="loan-certification-missing">
          {t.certificationMissing}
        </p>
      </div>
    );
  const fields: [string, string, string][] = [
    ['realName', f.realName, c.realName],
    ['documentType', f.documentType, loanTexts.loan.documentTypes[c.documentType] ?? c.documentType],
    ['documentNumber', f.documentNumber, c.documentNumber],
    ['birthDate', f.birthDate, `${c.birthDate} (${t.age(age(c.birthDate))})`],
    ['workType', f.workType, c.workType],
    ['annualIncome', f.annualIncome, formatQuantity(c.annualIncome)],
    ['emergencyName', f.emergencyName, c.emergencyName],
    ['emergencyPhone', f.emergencyPhone, c.emergencyPhone],
    ['kycAdvanced', t.kycAdvanced, loan.kycAdvanced ? t.yes : t.no],
    ['submittedAt', t.submittedAt, formatTime(c.submittedAt)],
  ];
  return (
    <div className="section" data-testid="loan-certification">
      <h2 className="subheading">{t.certification}</h2>
      <dl className="kv loan-kv">
        {fields.map(([key, label, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            {/* What the user typed is text, whatever it holds: React escapes it. */}
            <dd className="pre-wrap" data-testid={`loan-field-${key}`}>
              {value || texts.common.none}
            </dd>
          </div>
        ))}
      </dl>
      <h2 className="subheading">{t.documents}</h2>
      <div className="loan-documents">
        {documents(c).map((d) => (
          <LoanDocument key={d.key} id={d.id} label={d.label} testId={`loan-document-${d.key}`} />
        ))}
      </div>
    </div>
  );
}
