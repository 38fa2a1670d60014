import type { AdminSession, Operator } from '@otc/protocol/admin/schemas';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { adminApi, queryKeys } from './admin.ts';
import { clearToken, getToken, onUnauthorized, setToken } from './client.ts';

/**
 * The signed-in operator's session. It is the kernel's, beside the request client whose token it
 * keeps: the guard, the layout and the pages that act by role all read it, and the login page only
 * starts it.
 */
interface SessionState {
  token: string | null;
  /** The signed-in operator (GET /api/admin/me), loading while the token is checked. */
  me: UseQueryResult<Operator>;
  signIn: (session: AdminSession) => void;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(() => getToken());

  const dropSession = useCallback(() => {
    clearToken();
    setTokenState(null);
    queryClient.clear();
  }, [queryClient]);

  // Any request that answers 401 ends the session; the guard then shows the login page.
  useEffect(() => onUnauthorized(dropSession), [dropSession]);

  // Another tab signing in or out changes the same storage key.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== 'adminToken') return;
      const next = getToken();
      setTokenState((current) => {
        if (current !== next) queryClient.clear();
        return next;
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const me = useQuery({
    queryKey: [...queryKeys.me, token],
    queryFn: ({ signal }) => adminApi.me(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

  const signIn = useCallback(
    (session: AdminSession) => {
      queryClient.clear();
      setToken(session.token);
      queryClient.setQueryData([...queryKeys.me, session.token], session.operator);
      setTokenState(session.token);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await adminApi.logout();
    } catch {
      // The session ends locally whatever the server says (it may already be gone).
    } finally {
      dropSession();
    }
  }, [dropSession]);

  const value = useMemo<SessionState>(() => ({ token, me, signIn, signOut }), [token, me, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
