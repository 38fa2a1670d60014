import type { ApplyBody, KycState } from '@otc/protocol/kyc/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast.ts';
import { type FieldErrorsApi, useFieldErrors } from '../ui/useFieldErrors.ts';
import { kycApi, kycKeys } from './kycApi.ts';

/**
 * What both level forms share: the field errors (under the field the server names, else a toast),
 * the busy flag, and a submit that puts the answered state in the cache and closes the form.
 */
export function useKycForm<F extends string>(fields: readonly F[], onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errors: FieldErrorsApi<F> = useFieldErrors(fields);
  const [busy, setBusy] = useState(false);

  const submit = async (body: ApplyBody) => {
    setBusy(true);
    try {
      const state: KycState = await kycApi.apply(body);
      queryClient.setQueryData(kycKeys.state, state);
      toast(t('kyc.submitted'));
      onDone();
    } catch (error) {
      errors.fail(error);
      // The state may have moved meanwhile (another device submitted): show it as it is now.
      void queryClient.invalidateQueries({ queryKey: kycKeys.state });
    } finally {
      setBusy(false);
    }
  };
  return { errors, busy, submit };
}
