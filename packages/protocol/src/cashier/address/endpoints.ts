import { endpoints, routesOn } from '../../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas>();

/** The withdrawal address book: the seed's four calls, each on the caller's own entries only. */
export const addressEndpoints = endpoints('cashier', {
  bind: post('/api/credit/bindwithdrawaddress', {
    body: 'bindAddressBody',
    response: 'addressEntry',
    auth: 'user',
    live: true,
    summary:
      'Save a withdrawal address (EVM, EIP-55 checked, stored checksummed) with a remark, coin and chain',
  }),
  edit: post('/api/credit/editwithdrawaddress', {
    body: 'editAddressBody',
    response: 'addressEntry',
    auth: 'user',
    live: true,
    summary: 'Change one of the caller’s saved withdrawal addresses',
  }),
  list: post('/api/credit/getwithdrawaddress', {
    body: 'addressBookQuery',
    response: 'addressBook',
    auth: 'user',
    summary:
      'The caller’s withdrawal addresses, newest first, optionally by keyword (address or remark), chain or coin',
  }),
  remove: post('/api/credit/delwithdrawaddress', {
    body: 'deleteAddressBody',
    response: 'noData',
    auth: 'user',
    live: true,
    summary: 'Delete one of the caller’s saved withdrawal addresses',
  }),
});
