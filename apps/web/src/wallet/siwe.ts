import type { WalletNonce } from '@otc/protocol/auth/schemas';
import { toChecksumAddress } from './address.ts';

/**
 * The EIP-4361 message for the nonce the server issued (PRODUCT.md invariant 3): the server checks
 * every line of it, so the wallet's user signs exactly what the server will verify.
 */
export function siweMessage(nonce: WalletNonce, address: string): string {
  return [
    `${nonce.domain} wants you to sign in with your Ethereum account:`,
    toChecksumAddress(address),
    '',
    nonce.statement,
    '',
    `URI: ${nonce.uri}`,
    'Version: 1',
    `Chain ID: ${nonce.chainId}`,
    `Nonce: ${nonce.nonce}`,
    `Issued At: ${nonce.issuedAt}`,
    `Expiration Time: ${nonce.expirationTime}`,
  ].join('\n');
}
