import { useUploadImage } from '../api/uploads.ts';
import { loanTexts } from './texts.ts';

const t = loanTexts.loan.detail;

/** One document of the certification, large enough to read; it opens full size in a new tab. */
export function LoanDocument({ id, label, testId }: { id: string; label: string; testId: string }) {
  const image = useUploadImage(id);
  return (
    <figure className="loan-document" data-testid={testId}>
      <figcaption className="strong">{label}</figcaption>
      {image.url && (
        <a href={image.url} target="_blank" rel="noreferrer" title={t.openFull}>
          <img src={image.url} alt={label} data-testid={`${testId}-image`} />
        </a>
      )}
      {!image.url && !image.error && <p className="muted">{t.photoLoading}</p>}
      {image.error && (
        <p className="muted">
          {t.photoFailed} {image.error}
        </p>
      )}
    </figure>
  );
}
