import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session.tsx';
import { texts } from '../texts.ts';
import { ErrorAlert } from '../ui/Alert.tsx';

/** Shows its routes only to a signed-in operator; otherwise the login page (then back here). */
export function RequireAuth() {
  const { token, me, signOut } = useSession();
  const location = useLocation();

  if (!token) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (me.isPending) {
    return <div className="splash muted">{texts.common.loading}</div>;
  }
  if (me.isError) {
    // A 401 has already cleared the session (and re-rendered into the redirect above); anything
    // else (server down) gets a retry.
    return (
      <div className="splash">
        <div className="splash-card">
          <h1>{texts.errors.sessionCheck}</h1>
          <ErrorAlert error={me.error} onRetry={() => me.refetch()} />
          <button type="button" className="btn" onClick={() => void signOut()}>
            {texts.layout.signOut}
          </button>
        </div>
      </div>
    );
  }
  return <Outlet />;
}
