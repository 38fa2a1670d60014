import { checkEvmAddress } from '@otc/core';
import { failField } from '../http/errors.ts';

/** A typed address checked as EIP-55 says, in its checksummed form; refused under `field` otherwise. */
export function checkedAddress(input: string, field = 'address'): string {
  const check = checkEvmAddress(input);
  if (!check.ok) failField(check.reason === 'bad_checksum' ? 'address_checksum' : 'address_invalid', field);
  return check.address;
}
