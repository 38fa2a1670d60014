import { authEndpoints as auth } from '@otc/protocol/auth/endpoints';
import { call } from '../api/call.ts';
import { clearSession, getSession, storeSession } from '../api/session.ts';
import type { Eip1193Provider } from './eip1193.ts';
import { type WalletLoginResult, walletLogin } from './walletLogin.ts';

/** The wallet login of the app: its session store and calls; a server refusal is toasted by the client. */
export function loginWithWallet(provider: Eip1193Provider, reload: () => void): Promise<WalletLoginResult> {
  return walletLogin(provider, {
    session: {
      current: () => {
        const { token, user } = getSession();
        return { token, walletAddress: user?.walletAddress ?? null };
      },
      clear: clearSession,
      store: storeSession,
    },
    nonce: (body) => call(auth.walletNonce, body),
    login: (body) => call(auth.walletLogin, body),
    reload,
  });
}
