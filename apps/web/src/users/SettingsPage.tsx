import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { version } from '../../package.json';
import { useSession } from '../api/useSession.ts';
import { HOME_PATH, SECURITY_PATH, VIP_PATH } from '../app/paths.ts';
import { ProfileCard, signOut } from '../auth/index.ts';
import { CountryRules } from '../jurisdiction/index.ts';
import { Button } from '../ui/Button.tsx';
import { confirm } from '../ui/dialog.ts';
import { Icon } from '../ui/Icon.tsx';
import { AccountSwitcher } from './AccountSwitcher.tsx';
import { AvatarRow } from './AvatarRow.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { NicknameRow } from './NicknameRow.tsx';
import { ThemePicker } from './ThemePicker.tsx';
import './settings.css';

export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, accounts } = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  const logOut = async () => {
    const sure = await confirm(t('settings.main.confirmLogout'), {
      okText: t('actions.logOut'),
      cancelText: t('actions.stayLoggedIn'),
    });
    if (!sure) return;
    setLeaving(true);
    // Leave this account-only page first so the guard never flashes its prompt.
    navigate(HOME_PATH, { replace: true });
    await signOut();
  };

  return (
    <div className="page-pad">
      <ProfileCard user={user} contacts />
      <h2 className="section-title">{t('settings.main.profile')}</h2>
      <div className="menu">
        <NicknameRow user={user} />
        <AvatarRow user={user} />
      </div>
      <Link to={SECURITY_PATH} className="menu menu-row settings-vip" data-testid="security-link">
        <span className="menu-row-icon">
          <Icon name="shield" size={20} />
        </span>
        <span className="menu-row-main">{t('settings.security.title')}</span>
        <Icon name="chevron" size={18} />
      </Link>
      <Link to={VIP_PATH} className="menu menu-row settings-vip" data-testid="vip-link">
        <span className="menu-row-icon">
          <Icon name="crown" size={20} />
        </span>
        <span className="menu-row-main">
          <span>{t('vip.title')}</span>
          <span className="menu-row-sub">{t('vip.settingsHint')}</span>
        </span>
        <span className="tag" data-testid="vip-tag">
          {t('vip.level', { level: user.vipLevel })}
        </span>
        <Icon name="chevron" size={18} />
      </Link>
      <h2 className="section-title">{t('jurisdiction.title')}</h2>
      <CountryRules />
      <h2 className="section-title">{t('settings.main.language')}</h2>
      <LanguagePicker />
      <h2 className="section-title">{t('settings.theme.title')}</h2>
      <ThemePicker />
      <h2 className="section-title">
        {t('settings.main.accounts')}
        <span className="section-note">{t('settings.main.accountCount', { count: accounts.length })}</span>
      </h2>
      <AccountSwitcher />
      <div className="settings-logout">
        <Button variant="danger" block loading={leaving} onClick={() => void logOut()} data-testid="logout">
          {t('settings.main.logout')}
        </Button>
      </div>
      <p className="settings-version">{t('common.version', { version })}</p>
    </div>
  );
}
