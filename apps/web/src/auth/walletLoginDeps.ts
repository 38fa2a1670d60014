import { clearSession, getSession, storeSession } from '../api/session.ts';
import type { WalletLoginDeps } from '../wallet/index.ts';
import { authApi } from './authApi.ts';

/**
 * What the wallet's login flow needs of the app: the stored session and the two auth calls. Given
 * from here, so the wallet module (loaded on the click) carries none of the app's request client.
 */
export function walletLoginDeps(reload: () => void): WalletLoginDeps {
  return {
    session: {
      current: () => {
        const { token, user } = getSession();
        return { token, walletAddress: user?.walletAddress ?? null };
      },
      clear: clearSession,
      store: storeSession,
    },
    nonce: authApi.walletNonce,
    login: authApi.walletLogin,
    reload,
  };
}
