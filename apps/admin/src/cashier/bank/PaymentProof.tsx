import { useUploadImage } from '../../api/uploads.ts';
import { cashierTexts } from '../texts.ts';
import './bank.css';

const t = cashierTexts.bank;

/** The payment proof, large enough to read; it opens full size in a new tab. */
export function PaymentProof({ id }: { id: string }) {
  const image = useUploadImage(id);
  return (
    <figure className="bank-proof" data-testid="bank-proof">
      <figcaption className="strong">{t.proof}</figcaption>
      {image.url && (
        <a href={image.url} target="_blank" rel="noreferrer" title={t.openFull} data-testid="bank-proof-link">
          <img src={image.url} alt={t.proof} />
        </a>
      )}
      {!image.url && !image.error && <p className="muted">{t.proofLoading}</p>}
      {image.error && (
        <p className="muted">
          {t.proofFailed} {image.error}
        </p>
      )}
    </figure>
  );
}
