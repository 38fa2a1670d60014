import { nftImagePath } from '@otc/protocol/nft/schemas';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../api/client.ts';
import { uploadPublicImage } from '../api/uploads.ts';
import { nftTexts } from './texts.ts';

const t = nftTexts.nft.image;

/**
 * An NFT image in a dialog: the picture the users will see (its public path), a file picker that
 * uploads at once (the server checks and re-encodes it, and answers its id), and removing it. The
 * upload's refusal ("not an image") is shown under the picker; the dialog saves only the id.
 */
export function ImageField(props: {
  imageId: string | null;
  onChange: (id: string | null) => void;
  /** What the image shows, for its alternative text. */
  name: string;
  disabled: boolean;
  /** The save's refusal naming the image. */
  error?: string | undefined;
}) {
  const { imageId, onChange } = props;
  const inputId = useId();
  const upload = useMutation({
    mutationFn: (file: File) => uploadPublicImage(file, file.name),
    onSuccess: (created) => onChange(created.id),
  });
  const busy = props.disabled || upload.isPending;
  const error = upload.error ? errorMessage(upload.error) : props.error;
  return (
    <div className="field nft-image-field">
      <label htmlFor={inputId}>{t.label}</label>
      {imageId ? (
        <img
          className="nft-image-preview"
          src={nftImagePath(imageId)}
          alt={t.alt(props.name || t.label)}
          data-testid="nft-image-preview"
        />
      ) : (
        <p className="muted small">{t.none}</p>
      )}
      <input
        id={inputId}
        type="file"
        name="image"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        aria-invalid={error ? true : undefined}
        data-testid="nft-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      {upload.isPending && (
        <small className="muted" role="status">
          {t.uploading}
        </small>
      )}
      {imageId && (
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() => onChange(null)}
          data-testid="nft-image-remove"
        >
          {t.remove}
        </button>
      )}
      {error ? (
        <small className="field-error" data-testid="nft-image-error">
          {error}
        </small>
      ) : (
        <small className="muted">{t.hint}</small>
      )}
    </div>
  );
}
