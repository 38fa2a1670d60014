import { randomBytes } from 'node:crypto';
import type { WalletNonce } from '@otc/protocol/auth/schemas';
import { verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { Db } from '../db/db.ts';
import { fail } from '../http/errors.ts';

/**
 * Sign-In with Ethereum (EIP-4361, PRODUCT.md invariant 3): the server issues a single-use nonce
 * bound to address, chain and domain; the wallet signs a message carrying it; the server checks
 * every field and the signature before it spends the nonce.
 */
export const SIWE_TTL_MINUTES = 10;

export interface SiweOrigin {
  /** host[:port] the user sees in the address bar */
  domain: string;
  /** origin URI, e.g. https://otc.example */
  uri: string;
}

export async function issueNonce(
  db: Db,
  origin: SiweOrigin,
  address: string,
  chainId: number,
  statement: string,
): Promise<WalletNonce> {
  const nonce = randomBytes(16).toString('hex');
  const [row] = await db.query<{ issued_at: Date; expires_at: Date }>(
    `INSERT INTO siwe_nonces (nonce, address, chain_id, domain, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5)) RETURNING created_at AS issued_at, expires_at`,
    [nonce, address.toLowerCase(), chainId, origin.domain, SIWE_TTL_MINUTES],
  );
  return {
    nonce,
    domain: origin.domain,
    uri: origin.uri,
    chainId,
    issuedAt: new Date(row?.issued_at ?? Date.now()).toISOString(),
    expirationTime: new Date(row?.expires_at ?? Date.now()).toISOString(),
    statement,
  };
}

/** Returns the verified address (lower case), or fails with the reason; spends the nonce on success. */
export async function verifySignIn(
  db: Db,
  origin: SiweOrigin,
  input: { address: string; message: string; signature: string },
): Promise<string> {
  const msg = parseSiweMessage(input.message);
  if (!msg.address || !msg.nonce || !msg.domain || !msg.chainId || !msg.uri || !msg.issuedAt)
    fail('siwe_invalid');
  if (msg.address.toLowerCase() !== input.address.toLowerCase()) fail('siwe_invalid');
  if (msg.domain !== origin.domain || safeHost(msg.uri) !== origin.domain) fail('siwe_domain_mismatch');
  if (msg.expirationTime && msg.expirationTime.getTime() <= Date.now()) fail('siwe_expired');
  if (msg.notBefore && msg.notBefore.getTime() > Date.now()) fail('siwe_invalid');

  const valid = await verifyMessage({
    address: msg.address,
    message: input.message,
    signature: input.signature as `0x${string}`,
  }).catch(() => false);
  if (!valid) fail('siwe_invalid');

  const spent = await db.query<{ nonce: string; expired: boolean }>(
    `UPDATE siwe_nonces SET used_at = now()
     WHERE nonce = $1 AND used_at IS NULL AND address = $2 AND chain_id = $3 AND domain = $4
     RETURNING nonce, expires_at <= now() AS expired`,
    [msg.nonce, msg.address.toLowerCase(), msg.chainId, origin.domain],
  );
  if (!spent[0]) fail('siwe_nonce_invalid');
  if (spent[0].expired) fail('siwe_expired');
  return msg.address.toLowerCase();
}

function safeHost(uri: string): string | null {
  try {
    return new URL(uri).host;
  } catch {
    return null;
  }
}
