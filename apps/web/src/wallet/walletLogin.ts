import { WALLET_TYPE_EVM } from '@otc/protocol/auth/rules';
import type { LoginResult, Session, WalletLoginBody, WalletNonce } from '@otc/protocol/auth/schemas';
import { connectAccount, readChainId } from './accounts.ts';
import { toChecksumAddress } from './address.ts';
import { type Eip1193Provider, errorCode, errorReason, USER_REJECTED } from './eip1193.ts';
import { utf8ToHex } from './hex.ts';
import { siweMessage } from './siwe.ts';

/** What the flow needs from the app: the stored session, the two auth calls, and a reload. */
export interface WalletLoginDeps {
  session: {
    current(): { token: string | null; walletAddress: string | null };
    clear(): void;
    store(session: Session): void;
  };
  nonce(body: { address: string; chainId: number }): Promise<WalletNonce>;
  login(body: WalletLoginBody): Promise<LoginResult>;
  reload(): void;
}

export type WalletLoginResult =
  | { status: 'already' }
  | { status: 'signed-in' }
  /** Two-factor on: the signature was the first factor; the page asks the code for this challenge. */
  | { status: 'code'; challenge: string }
  | { status: 'rejected' }
  | { status: 'failed'; reason: string };

/**
 * Seed §4 wallet login, signed with SIWE (PRODUCT.md invariant 3): when the stored user is this
 * wallet and a token exists, nothing happens; otherwise the stored session is cleared, the wallet
 * signs the message for a fresh server nonce, the server logs it in, the session is stored and the
 * page reloads. A server refusal rejects (the request client has already shown its message).
 */
export async function walletLogin(
  provider: Eip1193Provider,
  deps: WalletLoginDeps,
): Promise<WalletLoginResult> {
  let address: string;
  let chainId: number;
  try {
    address = toChecksumAddress(await connectAccount(provider));
    const stored = deps.session.current();
    if (stored.token && stored.walletAddress?.toLowerCase() === address.toLowerCase())
      return { status: 'already' };
    chainId = await readChainId(provider);
  } catch (error) {
    return walletFailure(error);
  }
  deps.session.clear();
  const nonce = await deps.nonce({ address, chainId });
  const message = siweMessage(nonce, address);
  let signature: unknown;
  try {
    signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] });
  } catch (error) {
    return walletFailure(error);
  }
  if (typeof signature !== 'string') return { status: 'failed', reason: 'the wallet returned no signature' };
  const session = await deps.login({ address, signature, message, wallet_type: WALLET_TYPE_EVM });
  if ('challenge' in session) return { status: 'code', challenge: session.challenge };
  deps.session.store(session);
  deps.reload();
  return { status: 'signed-in' };
}

function walletFailure(error: unknown): WalletLoginResult {
  return errorCode(error) === USER_REJECTED
    ? { status: 'rejected' }
    : { status: 'failed', reason: errorReason(error) };
}
