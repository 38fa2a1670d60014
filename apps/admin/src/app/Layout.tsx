import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session.tsx';
import { texts } from '../texts.ts';
import { navOf } from './area.ts';
import { AREAS } from './areas.ts';

const t = texts.layout;

/** Every area's entries, in the list's order. */
const NAV = navOf(AREAS);

export function Layout() {
  const { me, signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const operator = me.data;
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The page's own entry in view: on a phone the navigation is a row that scrolls sideways.
  // biome-ignore lint/correctness/useExhaustiveDependencies: again on each page, once its entry is marked active
  useEffect(() => {
    nav.current?.querySelector('.nav-link.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className="shell">
      <aside className="sidebar">
        <div className="brand">
          {texts.brand} <span className="brand-suffix">{texts.brandSuffix}</span>
        </div>
        <nav className="nav" ref={nav}>
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              data-testid={item.testId}
              className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="main">
        <header className="topbar">
          <div className="topbar-spacer" />
          {operator && (
            <div className="operator" title={`${t.signedInAs} ${operator.email}`}>
              <span className="operator-email" data-testid="admin-operator">
                {operator.email}
              </span>
              <span className={`badge badge-role badge-${operator.role}`} data-testid="admin-operator-role">
                {texts.roles[operator.role] ?? operator.role}
              </span>
            </div>
          )}
          {/* Every role's own password (issue 24), beside signing out: both are about the operator. */}
          <NavLink to="/account/password" className="btn btn-small" data-testid="nav-password">
            {t.changePassword}
          </NavLink>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void onSignOut()}
            disabled={signingOut}
            data-testid="admin-logout"
          >
            {signingOut ? t.signingOut : t.signOut}
          </button>
        </header>
        <main className="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
