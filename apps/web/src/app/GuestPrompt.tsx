import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LazyDialog as Dialog } from '../ui/LazyDialog.tsx';
import { HOME_PATH } from './paths.ts';
import { loginPathFor } from './returnTo.ts';

/** Seed §6: a guest on a page that needs an account is asked to log in; Cancel goes home. */
export function GuestPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Dialog
      message={t('auth.notLoggedIn')}
      okText={t('actions.logIn')}
      cancelText={t('actions.notNow')}
      onOk={() => navigate(loginPathFor(location.pathname + location.search), { replace: true })}
      onCancel={() => navigate(HOME_PATH, { replace: true })}
    />
  );
}
