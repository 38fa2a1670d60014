import { UPLOAD_MAX_BYTES, type UploadPurpose } from '@otc/protocol/uploads/constants';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf, isApiError } from '../api/errors.ts';
import { uploadImage, useUploadUrl } from '../api/upload.ts';
import { Button } from './Button.tsx';
import { FieldError } from './Field.tsx';
import { Icon } from './Icon.tsx';
import './image-field.css';

export interface ImageFieldProps {
  label: string;
  /** What the image is for: the server keeps it under this purpose (and areas check it). */
  purpose: UploadPurpose;
  /** The upload id the form holds, if any: its image is shown. */
  value?: string | undefined;
  /** A new upload's id once it is stored, or undefined when the user removes the image. */
  onChange: (id: string | undefined) => void;
  /** What the form's server says is wrong with this entry (useFieldErrors); an upload's own refusal shows first. */
  error?: string | undefined;
  /** The form field's name: the test ids of the input (`<name>-input`) and of the error (`<name>-error`). */
  name?: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** The message a failed upload shows under the field: the server's (or the client check's), never a toast. */
function messageOf(error: unknown): string | undefined {
  const found = fieldErrorOf(error, ['file']);
  if (found) return found.message;
  return isApiError(error) && error.key !== 'aborted' ? error.msg : undefined;
}

/**
 * An image entry of a form: a label, a preview, a button that opens the file picker (the camera is
 * offered by the phone, not forced), the upload as soon as a file is picked, and what went wrong
 * under the field. The form holds only the upload id (`value`/`onChange`).
 */
export function ImageField({ label, purpose, value, onChange, error, name }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [ownError, setOwnError] = useState<string | undefined>();
  // The picked file shown at once (while it uploads), then as the image of the id it became.
  const [pending, setPending] = useState<string | undefined>();
  const [local, setLocal] = useState<{ id: string; url: string } | undefined>();
  const remote = useUploadUrl(value && value !== local?.id ? value : undefined);
  const urls = useRef<Set<string>>(new Set());
  useEffect(() => {
    const made = urls.current;
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, []);

  const objectUrl = (file: File) => {
    const url = URL.createObjectURL(file);
    urls.current.add(url);
    return url;
  };
  const revoke = (url: string | undefined) => {
    if (!url) return;
    URL.revokeObjectURL(url);
    urls.current.delete(url);
  };

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // So that picking the same file again (after a refusal) is a change again.
    event.target.value = '';
    if (!file) return;
    const url = objectUrl(file);
    setPending(url);
    setOwnError(undefined);
    setUploading(true);
    try {
      const uploaded = await uploadImage(file, purpose, { toast: false });
      revoke(local?.url);
      setLocal({ id: uploaded.id, url });
      onChange(uploaded.id);
    } catch (err) {
      revoke(url);
      setOwnError(messageOf(err));
    } finally {
      setPending(undefined);
      setUploading(false);
    }
  }

  function remove() {
    revoke(local?.url);
    setLocal(undefined);
    setOwnError(undefined);
    onChange(undefined);
  }

  const preview = pending ?? (value && local?.id === value ? local.url : remote);
  const shownError = ownError ?? error;
  const labelId = `${id}-label`;
  const actionId = `${id}-action`;
  const removeId = `${id}-remove`;
  const hintId = `${id}-hint`;
  const errorId = shownError ? `${id}-error` : undefined;
  return (
    <div className={`field image-field${shownError ? ' field-invalid' : ''}`}>
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <div className={`image-field-frame${uploading ? ' image-field-busy' : ''}`}>
        {preview ? (
          <img className="image-field-preview" src={preview} alt={t('upload.preview', { label })} />
        ) : (
          <span className="image-field-empty">
            <Icon name="id" size={28} />
            <span>{t('upload.empty')}</span>
          </span>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        tabIndex={-1}
        onChange={pick}
        data-testid={name ? `${name}-input` : undefined}
      />
      <div className="image-field-actions">
        <Button
          variant="secondary"
          loading={uploading}
          onClick={() => input.current?.click()}
          aria-labelledby={`${labelId} ${actionId}`}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
          aria-invalid={shownError ? true : undefined}
        >
          <span id={actionId}>
            {uploading ? t('upload.uploading') : value ? t('upload.replace') : t('upload.choose')}
          </span>
        </Button>
        {value && !uploading && (
          <Button variant="text" onClick={remove} aria-labelledby={`${removeId} ${labelId}`}>
            <span id={removeId}>{t('upload.remove')}</span>
          </Button>
        )}
      </div>
      <span className="visually-hidden" aria-live="polite">
        {uploading ? t('upload.uploading') : ''}
      </span>
      {shownError && <FieldError id={errorId} name={name} message={shownError} />}
      <p className="field-hint" id={hintId}>
        {t('upload.hint', { max: MAX_MB })}
      </p>
    </div>
  );
}
