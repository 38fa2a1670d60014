import { randomBytes } from 'node:crypto';
import type { WalletNonce } from '@otc/protocol/auth/schemas';
import { verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { AppContext } from '../context.ts';
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

/** `ctx`: the database, and the clock the nonce's and the message's times follow. */
type On = Pick<AppContext, 'db' | 'clock'>;

export async function issueNonce(
  { db, clock }: On,
  origin: SiweOrigin,
  address: string,
  chainId: number,
  statement: string,
): Promise<WalletNonce> {
  const nonce = randomBytes(16).toString('hex');
  const issuedAt = clock.date();
  const [row] = await db.query<{ expires_at: Date }>(
    `INSERT INTO siwe_nonces (nonce, address, chain_id, domain, expires_at)
     VALUES ($1, $2, $3, $4, $6::timestamptz + make_interval(mins => $5)) RETURNING expires_at`,
    [nonce, address.toLowerCase(), chainId, origin.domain, SIWE_TTL_MINUTES, issuedAt.toISOString()],
  );
  return {
    nonce,
    domain: origin.domain,
    uri: origin.uri,
    chainId,
    issuedAt: issuedAt.toISOString(),
    expirationTime: new Date(row?.expires_at ?? issuedAt).toISOString(),
    statement,
  };
}

/** Returns the verified address (lower case), or fails with the reason; spends the nonce on success. */
export async function verifySignIn(
  { db, clock }: On,
  origin: SiweOrigin,
  input: { address: string; message: string; signature: string },
): Promise<string> {
  const msg = parseSiweMessage(input.message);
  if (!msg.address || !msg.nonce || !msg.domain || !msg.chainId || !msg.uri || !msg.issuedAt)
    fail('siwe_invalid');
  if (msg.address.toLowerCase() !== input.address.toLowerCase()) fail('siwe_invalid');
  if (msg.domain !== origin.domain || safeHost(msg.uri) !== origin.domain) fail('siwe_domain_mismatch');
  const now = clock.now();
  if (msg.expirationTime && msg.expirationTime.getTime() <= now) fail('siwe_expired');
  if (msg.notBefore && msg.notBefore.getTime() > now) fail('siwe_invalid');

  const valid = await verifyMessage({
    address: msg.address,
    message: input.message,
    signature: input.signature as `0x${string}`,
  }).catch(() => false);
  if (!valid) fail('siwe_invalid');

  const spent = await db.query<{ nonce: string; expired: boolean }>(
    `UPDATE siwe_nonces SET used_at = $5::timestamptz
     WHERE nonce = $1 AND used_at IS NULL AND address = $2 AND chain_id = $3 AND domain = $4
     RETURNING nonce, expires_at <= $5::timestamptz AS expired`,
    [msg.nonce, msg.address.toLowerCase(), msg.chainId, origin.domain, new Date(now).toISOString()],
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
