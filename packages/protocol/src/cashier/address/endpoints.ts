import type { noData } from '../../contract.ts';
import { endpoints, post } from '../../endpoint.ts';
import type {
  addressBook,
  addressBookQuery,
  addressEntry,
  bindAddressBody,
  deleteAddressBody,
  editAddressBody,
} from './schemas.ts';

/** The withdrawal address book: the seed's four calls, each on the caller's own entries only. */
export const addressEndpoints = endpoints('cashier', {
  bind: post<typeof bindAddressBody, typeof addressEntry>('/api/credit/bindwithdrawaddress', {
    auth: 'user',
    summary:
      'Save a withdrawal address (EVM, EIP-55 checked, stored checksummed) with a remark, coin and chain',
  }),
  edit: post<typeof editAddressBody, typeof addressEntry>('/api/credit/editwithdrawaddress', {
    auth: 'user',
    summary: 'Change one of the caller’s saved withdrawal addresses',
  }),
  list: post<typeof addressBookQuery, typeof addressBook>('/api/credit/getwithdrawaddress', {
    auth: 'user',
    summary:
      'The caller’s withdrawal addresses, newest first, optionally by keyword (address or remark), chain or coin',
  }),
  remove: post<typeof deleteAddressBody, typeof noData>('/api/credit/delwithdrawaddress', {
    auth: 'user',
    summary: 'Delete one of the caller’s saved withdrawal addresses',
  }),
});
