import { z } from 'zod';
import { totpCode } from '../../auth/schemas.ts';
import { chainId } from '../chains.ts';

/**
 * The withdrawal address book (seed §7, `/api/credit/*withdrawaddress`): the user's own saved
 * addresses, each for one coin on one chain. An address is checked on the server (EIP-55), so a
 * bad checksum is refused under its field in the user's language, and stored checksummed.
 */
export const ADDRESS_REMARK_MAX = 60;
export const ADDRESS_BOOK_MAX = 100;

const addressText = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe('A 0x EVM address; mixed case must match its EIP-55 checksum');
const remark = z.string().trim().max(ADDRESS_REMARK_MAX).default('').describe('The user’s own label');
const currency = z.literal('USDT').default('USDT').describe('The coin (USDT only)');
const entryId = z.string().regex(/^\d{1,18}$/);
/** Every change of the book asks it once two-factor is on (decision 0158): the book is where money goes. */
const bookTotpCode = totpCode.optional().describe('The authenticator code, asked once two-factor is on');

export const bindAddressBody = z.strictObject({
  address: addressText,
  remark,
  currency,
  chainId,
  totpCode: bookTotpCode,
});
export type BindAddressBody = z.infer<typeof bindAddressBody>;
export const editAddressBody = bindAddressBody.extend({ id: entryId });
export type EditAddressBody = z.infer<typeof editAddressBody>;
export const deleteAddressBody = z.strictObject({ id: entryId, totpCode: bookTotpCode });
export type DeleteAddressBody = z.infer<typeof deleteAddressBody>;
export const addressBookQuery = z.object({
  keyword: z.string().trim().max(100).optional().describe('Part of the address or the remark'),
  chainId: chainId.optional(),
  currency: z.literal('USDT').optional(),
});

export const addressEntry = z.object({
  id: z.string(),
  address: z.string().describe('EIP-55 checksummed'),
  remark: z.string(),
  currency: z.string(),
  chainId: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type AddressEntry = z.infer<typeof addressEntry>;
export const addressBook = z.object({ items: z.array(addressEntry) });
