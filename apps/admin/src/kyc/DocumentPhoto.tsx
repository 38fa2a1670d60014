import { useUploadImage } from '../api/uploads.ts';
import { kycTexts } from './texts.ts';

const t = kycTexts.kyc;

/** One document photo, large enough to read; it opens full size in a new tab. */
export function DocumentPhoto({ id, label, testId }: { id: string; label: string; testId: string }) {
  const image = useUploadImage(id);
  return (
    <figure className="kyc-photo" data-testid={testId}>
      <figcaption className="strong">{label}</figcaption>
      {image.url && (
        <a
          href={image.url}
          target="_blank"
          rel="noreferrer"
          title={t.openFull}
          data-testid={`${testId}-link`}
        >
          <img src={image.url} alt={label} />
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
