import { SNIFF_BYTES, sniffImage } from '@otc/core/uploads/sniff';
import type { ResponseOf } from '@otc/protocol/endpoint';
import { UPLOAD_FIELDS, UPLOAD_MAX_BYTES, type UploadPurpose } from '@otc/protocol/uploads/constants';
import { uploadEndpoints } from '@otc/protocol/uploads/endpoints';
import { useEffect, useState } from 'react';
import { i18n } from '../i18n/i18n.ts';
import { API_ERROR_TOAST_MS, toast } from '../ui/toast.ts';
import type { CallOptions } from './call.ts';
import { type ApiClient, api } from './client.ts';
import { ApiError } from './errors.ts';

export type UploadedImage = ResponseOf<typeof uploadEndpoints.create>;

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/**
 * A refusal made here, shaped as the server's (same key, under `file`), so forms show both alike;
 * toasted, as the client toasts, unless the caller shows it itself.
 */
function refused(key: 'upload_type_unsupported' | 'upload_too_large', msg: string, shown: boolean): ApiError {
  if (shown) toast(msg, API_ERROR_TOAST_MS);
  return new ApiError({ code: 400, key, field: UPLOAD_FIELDS.file, msg, shown });
}

/**
 * The checks the server makes first (type by content, size), done here for a fast, clear message
 * before sending. The server decides: it checks again, decodes and re-encodes the image.
 */
async function checkImage(file: Blob, toast: boolean): Promise<void> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (!sniffImage(head)) throw refused('upload_type_unsupported', i18n.t('upload.typeUnsupported'), toast);
  if (file.size > UPLOAD_MAX_BYTES)
    throw refused('upload_too_large', i18n.t('upload.tooLarge', { max: MAX_MB }), toast);
}

/**
 * The upload call over `client`: checks the file here first, then sends it as the form the
 * server reads (`file`, `purpose`).
 */
export function uploader(client: ApiClient) {
  return async (file: File, purpose: UploadPurpose, options: CallOptions = {}): Promise<UploadedImage> => {
    await checkImage(file, options.toast ?? true);
    return client.upload<UploadedImage>(
      uploadEndpoints.create.path,
      file,
      { [UPLOAD_FIELDS.purpose]: purpose },
      { ...options, fileField: UPLOAD_FIELDS.file },
    );
  };
}

/**
 * Uploads an image for `purpose` through the app's one client (token, language, error type, the
 * 60 s timeout): the id an area's form then references. Refusals carry `field: 'file'`.
 */
export const uploadImage: (
  file: File,
  purpose: UploadPurpose,
  options?: CallOptions,
) => Promise<UploadedImage> = uploader(api);

/** The path of one of the caller's own uploads. */
export const uploadPath = (id: string) => uploadEndpoints.read.path.replace(':id', encodeURIComponent(id));

/**
 * An object URL of one of the caller's uploads (an <img> cannot send the bearer token, so the
 * image is fetched through the client), or undefined while it loads, when it fails, or without an
 * id. The URL is revoked when the id changes and on unmount.
 */
export function useUploadUrl(id: string | undefined): string | undefined {
  return useImageUrl(id ? uploadPath(id) : undefined);
}

/** The same for any image endpoint that needs the caller's token (the chat's images). */
export function useImageUrl(path: string | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    setUrl(undefined);
    if (!path) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    api
      .blob(path, { toast: false, signal: controller.signal })
      .then((image) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(image);
        setUrl(objectUrl);
      })
      // A missing image shows as none; the form that references it says what is wrong.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}
