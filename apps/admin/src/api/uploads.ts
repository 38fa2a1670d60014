import { uploadAdminEndpoints } from '@otc/protocol/uploads/endpoints';
import type { UploadCreated } from '@otc/protocol/uploads/schemas';
import { useEffect, useState } from 'react';
import { errorMessage, request, requestBlob } from './client.ts';

/** The back-office path of an upload's image. */
export const uploadAdminPath = (id: string) =>
  uploadAdminEndpoints.read.path.replace(':id', encodeURIComponent(id));

/**
 * An upload's image for the back office (an identity document beside its review): an object URL
 * fetched with the operator's token (an <img> cannot send it), revoked when the id changes and on
 * unmount; or the message of why it cannot be shown (the operator's role may not see that purpose).
 */
export function useUploadImage(id: string | undefined): { url?: string; error?: string } {
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    setState({});
    if (!id) return;
    const controller = new AbortController();
    let url: string | undefined;
    requestBlob(uploadAdminPath(id), controller.signal)
      .then((image) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(image);
        setState({ url });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ error: errorMessage(error) });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
}

/**
 * Uploads an image the platform publishes (purpose `nft`, admins only): the server checks it is an
 * image by its content, re-encodes it without metadata and answers its id.
 */
export function uploadPublicImage(file: Blob, name = 'image'): Promise<UploadCreated> {
  const form = new FormData();
  form.append('purpose', 'nft');
  form.append('file', file, name);
  return request<UploadCreated>('POST', uploadAdminEndpoints.create.path, { form });
}
