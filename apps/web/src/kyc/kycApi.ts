import { kycEndpoints as kyc } from '@otc/protocol/kyc/endpoints';
import type { ApplyBody } from '@otc/protocol/kyc/schemas';
import { call } from '../api/call.ts';

export const kycKeys = {
  state: ['kyc', 'state'] as const,
};

export const kycApi = {
  /** Both levels' state, a rejection's reason and the fields last submitted. */
  state: () => call(kyc.status, {}, { toast: false }),
  /** The seed's `applyApprove`: errors are shown by the form (under the field, else a toast). */
  apply: (body: ApplyBody) => call(kyc.apply, body, { toast: false }),
};
