import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useSession } from '../api/session.tsx';
import { texts } from '../texts.ts';

const t = texts.layout;

const NAV = [
  { to: '/users', label: t.nav.users, testId: 'nav-users' },
  { to: '/kyc', label: t.nav.kyc, testId: 'nav-kyc' },
  { to: '/deposits', label: t.nav.deposits, testId: 'nav-deposits' },
  { to: '/bank-deposits', label: t.nav.bankDeposits, testId: 'nav-bank-deposits' },
  { to: '/withdrawals', label: t.nav.withdrawals, testId: 'nav-withdrawals' },
  { to: '/chains', label: t.nav.chains, testId: 'nav-chains' },
  { to: '/outbox', label: t.nav.outbox, testId: 'nav-outbox' },
  { to: '/adjustments', label: t.nav.adjustments, testId: 'nav-adjustments' },
  { to: '/ledger', label: t.nav.ledger, testId: 'nav-ledger' },
  { to: '/instruments', label: t.nav.instruments, testId: 'nav-instruments' },
  { to: '/vip', label: t.nav.vip, testId: 'nav-vip' },
  { to: '/positions', label: t.nav.positions, testId: 'nav-positions' },
  { to: '/position-rules', label: t.nav.positionRules, testId: 'nav-position-rules' },
  { to: '/seconds', label: t.nav.seconds, testId: 'nav-seconds' },
  { to: '/jobs', label: t.nav.jobs, testId: 'nav-jobs' },
  { to: '/audit', label: t.nav.audit, testId: 'nav-audit' },
  { to: '/operators', label: t.nav.operators, testId: 'nav-operators' },
] as const;

export function Layout() {
  const { me, signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const operator = me.data;

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
        <nav className="nav">
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
