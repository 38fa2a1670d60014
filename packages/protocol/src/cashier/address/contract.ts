import { contract, noData } from '../../contract.ts';
import { addressEndpoints } from './endpoints.ts';
import {
  addressBook,
  addressBookQuery,
  addressEntry,
  bindAddressBody,
  deleteAddressBody,
  editAddressBody,
} from './schemas.ts';

export const addressContract = contract(addressEndpoints, {
  bind: { body: bindAddressBody, response: addressEntry },
  edit: { body: editAddressBody, response: addressEntry },
  list: { body: addressBookQuery, response: addressBook },
  remove: { body: deleteAddressBody, response: noData },
});
