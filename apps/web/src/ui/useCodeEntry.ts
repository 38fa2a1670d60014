import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from './useFieldErrors.ts';

const FIELDS = ['code'] as const;

/**
 * One code box and its sending (a two-factor code at sign-in, on the security centre): the code as
 * typed, "enter the code" when it is empty, busy while `submit` runs, and the server's refusal
 * under the box. `onError` sees the refusal too (a spent sign-in challenge goes back a step).
 */
export function useCodeEntry(submit: (code: string) => Promise<void>, onError?: (error: unknown) => void) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors<(typeof FIELDS)[number]>(FIELDS);
  /** A form's submit, or a press of a dialog's OK (no event). */
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      form.show('code', t('auth.totp.required'));
      return;
    }
    setBusy(true);
    try {
      await submit(code);
    } catch (error) {
      form.fail(error);
      onError?.(error);
    } finally {
      setBusy(false);
    }
  };
  const change = (value: string) => {
    setCode(value);
    form.clear('code');
  };
  return { code, change, busy, error: form.errors.code, send };
}
