import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { CHANGE_PASSWORD_PATH } from '../app/paths.ts';
import { Icon } from '../ui/Icon.tsx';
import { OperatorActionList } from './OperatorActionList.tsx';
import { SessionList } from './SessionList.tsx';
import { TradePasswordSection } from './TradePasswordSection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import './settings.css';

/**
 * `/pages/assets/anquanzhongxin`: the login password (to change), the transaction password (which
 * one is in force; set or change it), two-factor sign-in, the active sessions and the operators' actions on the account.
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="page-pad">
      <h2 className="section-title">{t('settings.security.passwords')}</h2>
      {/* A demo session has no password (the device opens it): said, not asked for (issue 24). */}
      {user.kind === 'demo' && (
        <p className="card settings-demo-note" data-testid="demo-no-password">
          {t('settings.security.demoPassword')}
        </p>
      )}
      {/* A wallet-login user has no login password to change. */}
      {user.kind !== 'demo' && (user.email || user.phone) && (
        <Link to={CHANGE_PASSWORD_PATH} className="menu menu-row settings-row" data-testid="change-password">
          <span className="menu-row-icon">
            <Icon name="shield" size={20} />
          </span>
          <span className="menu-row-main">
            <span>{t('settings.security.loginPassword')}</span>
            <span className="menu-row-sub">{t('settings.security.loginPasswordHint')}</span>
          </span>
          <Icon name="chevron" size={18} />
        </Link>
      )}
      <TradePasswordSection />
      {/* A demo account is thrown away with its device: nothing for a second factor to guard. */}
      {user.kind !== 'demo' && <TwoFactorSection />}
      <h2 className="section-title">{t('settings.security.sessions')}</h2>
      <SessionList />
      <h2 className="section-title">{t('settings.security.operatorActions.title')}</h2>
      <OperatorActionList />
    </div>
  );
}
