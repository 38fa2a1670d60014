import { texts } from '../texts.ts';
import { useOperatorImage } from './useOperatorImage.ts';

const t = texts.kyc;

/** One document photo, large enough to read; it opens full size in a new tab. */
export function DocumentPhoto({ id, label, testId }: { id: string; label: string; testId: string }) {
  const image = useOperatorImage(id);
  return (
    <figure className="kyc-photo" data-testid={testId}>
      <figcaption className="strong">{label}</figcaption>
      {image.status === 'ready' && (
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
      {image.status === 'loading' && <p className="muted">{t.photoLoading}</p>}
      {image.status === 'failed' && <p className="muted">{t.photoFailed}</p>}
    </figure>
  );
}
