import { createForm, required } from '../../money/form.ts';

export type AddressField = 'address' | 'remark' | 'chainId';
export const ADDRESS_FIELDS: readonly AddressField[] = ['address', 'remark', 'chainId'];

export interface AddressValues {
  address: string;
  remark: string;
  chainId: number;
}

/** The address book's entry (`tibidizhiEdit`): an address is needed; it and the remark are sent trimmed. */
export const addressForm = createForm<AddressValues, AddressValues, AddressField>({
  checks: [required('address', (v) => v.address.trim(), 'funding.addressEdit.enterAddress')],
  summary: (v) => ({ address: v.address.trim(), remark: v.remark.trim(), chainId: v.chainId }),
});
