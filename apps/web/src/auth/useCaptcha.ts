import type { Captcha } from '@otc/protocol/auth/schemas';
import { useCallback, useEffect, useState } from 'react';
import { authApi } from './authApi.ts';

/** The login captcha: hidden until the server asks for it, renewed on tap and when it expires. */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [visible, setVisible] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setCaptcha(await authApi.captcha());
    } catch {
      // The client toasted it; the old picture stays until the next tap.
    }
  }, []);

  const show = useCallback(async () => {
    setVisible(true);
    await refresh();
  }, [refresh]);

  useEffect(() => {
    if (!captcha) return;
    const timer = setTimeout(() => void refresh(), captcha.expiresInSeconds * 1000);
    return () => clearTimeout(timer);
  }, [captcha, refresh]);

  return { captcha, visible, show, refresh };
}
