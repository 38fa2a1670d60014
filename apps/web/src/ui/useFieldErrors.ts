import { useCallback, useState } from 'react';
import { fieldErrorOf, messageToToast } from '../api/errors.ts';
import { API_ERROR_TOAST_MS, toast } from './toast.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FieldErrorsApi<F extends string> {
  errors: FieldErrors<F>;
  show: (field: F, message: string) => void;
  clear: (field: F) => void;
  fail: (error: unknown) => void;
}

/**
 * A form's messages under its fields (issue #13): each stays until that entry changes, instead of
 * a short toast over the buttons. `fail` routes a failed request through the one mapping in
 * api/errors.ts: under the field it concerns, else a toast (the request must not toast itself).
 */
export function useFieldErrors<F extends string>(fields: readonly F[]): FieldErrorsApi<F> {
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const show = useCallback(
    (field: F, message: string) => setErrors({ [field]: message } as FieldErrors<F>),
    [],
  );

  const clear = useCallback(
    (field: F) =>
      setErrors((current) => {
        if (!(field in current)) return current;
        const { [field]: _gone, ...rest } = current;
        return rest as FieldErrors<F>;
      }),
    [],
  );

  const fail = useCallback(
    (error: unknown) => {
      const found = fieldErrorOf(error, fields);
      if (found) {
        show(found.field, found.message);
        return;
      }
      const message = messageToToast(error);
      if (message) toast(message, API_ERROR_TOAST_MS);
    },
    [fields, show],
  );

  return { errors, show, clear, fail };
}
