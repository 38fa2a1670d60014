import { useEffect, useState } from 'react';
import { getToken } from '../api/client.ts';

export type OperatorImage = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; url: string };

/**
 * An upload as an object URL: the image route wants the operator's bearer token, which an <img>
 * cannot send, so it is fetched here and revoked when the id changes or the page leaves.
 */
export function useOperatorImage(id: string | undefined): OperatorImage {
  const [image, setImage] = useState<OperatorImage>({ status: 'loading' });
  useEffect(() => {
    if (!id) {
      setImage({ status: 'failed' });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setImage({ status: 'loading' });
    const token = getToken();
    fetch(`/api/admin/uploads/${encodeURIComponent(id)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok || !res.headers.get('content-type')?.startsWith('image/'))
          throw new Error('not an image');
        url = URL.createObjectURL(await res.blob());
        setImage({ status: 'ready', url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setImage({ status: 'failed' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return image;
}
