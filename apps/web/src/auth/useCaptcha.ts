import type { Captcha } from '@otc/protocol/auth/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { authApi } from './authApi.ts';
import { solveCaptcha } from './captchaSolver.ts';

/**
 * A fresh challenge is fetched this long after the last one, before the server's 2 minutes run
 * out, so a person who waits on the form still sends one that is taken.
 */
const RENEW_AFTER_MS = 100_000;

export type CaptchaState =
  | { status: 'solving'; progress: number }
  | { status: 'solved'; solution: string }
  | { status: 'failed' };

/**
 * The login captcha: hidden until the server asks for it; then the browser fetches a proof-of-work
 * challenge and solves it by itself (nothing to read or type), again on tap, after each refused
 * login, and before it expires. `solution()` waits for the one being solved.
 */
export function useCaptcha() {
  const [visible, setVisible] = useState(false);
  const [state, setState] = useState<CaptchaState>({ status: 'solving', progress: 0 });
  const current = useRef<{ abort: AbortController; done: Promise<string | null> } | null>(null);

  const refresh = useCallback((): Promise<string | null> => {
    current.current?.abort.abort();
    const abort = new AbortController();
    setState({ status: 'solving', progress: 0 });
    const done = (async () => {
      let challenge: Captcha;
      try {
        challenge = await authApi.captcha();
      } catch {
        // The client toasted it; a tap on the check tries again.
        if (!abort.signal.aborted) setState({ status: 'failed' });
        return null;
      }
      const solution = await solveCaptcha(challenge, {
        signal: abort.signal,
        onProgress: (progress) => {
          if (!abort.signal.aborted) setState({ status: 'solving', progress });
        },
      });
      if (!abort.signal.aborted) setState(solution ? { status: 'solved', solution } : { status: 'failed' });
      return solution;
    })();
    current.current = { abort, done };
    return done;
  }, []);

  const show = useCallback(async () => {
    setVisible(true);
    await refresh();
  }, [refresh]);

  /** The solution of the current challenge, once solved (null if it failed). */
  const solution = useCallback(async () => (current.current ? current.current.done : null), []);

  useEffect(() => {
    if (state.status !== 'solved') return;
    const timer = setTimeout(() => void refresh(), RENEW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state, refresh]);

  useEffect(() => () => current.current?.abort.abort(), []);

  return { visible, state, show, refresh, solution };
}
