import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUploadUrl } from '../api/upload.ts';
import { useSession } from '../api/useSession.ts';
import { LOGIN_PATH } from '../app/paths.ts';
import { ADD_PARAM, maskedContact, switchAccount } from '../auth/index.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { DemoBadge } from '../ui/DemoBadge.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { toast } from '../ui/toast.ts';

/** The accounts remembered on this device (up to 5): tap one to switch, or log in another. */
export function AccountSwitcher() {
  const { t } = useTranslation();
  const { user, accounts } = useSession();
  const [switching, setSwitching] = useState<string | null>(null);
  // Only the current account's avatar can be read (an upload is served to its owner's session).
  const avatar = useUploadUrl(user?.avatar ?? undefined);

  const switchTo = async (userId: string, name: string) => {
    if (userId === user?.id || switching) return;
    setSwitching(userId);
    const outcome = await switchAccount(userId);
    setSwitching(null);
    toast(
      outcome === 'switched'
        ? t('settings.main.switched', { name })
        : outcome === 'expired'
          ? t('settings.main.sessionExpired')
          : t('errors.network'),
    );
  };

  return (
    <div className="menu">
      {accounts.map(({ user: account }) => {
        const current = account.id === user?.id;
        return (
          <button
            key={account.id}
            type="button"
            className="menu-row"
            aria-current={current ? 'true' : undefined}
            data-testid={`account-${account.id}`}
            onClick={() => void switchTo(account.id, account.nickname)}
          >
            <Avatar src={current ? (avatar ?? null) : null} name={account.nickname} size={36} />
            <span className="menu-row-main">
              <span className="account-name">
                {account.nickname}
                {account.kind === 'demo' && <DemoBadge />}
              </span>
              <span className="menu-row-sub">{maskedContact(account) || `ID ${account.id}`}</span>
            </span>
            {switching === account.id && <Spinner size={18} />}
            {current && <span className="tag">{t('settings.main.current')}</span>}
          </button>
        );
      })}
      <Link className="menu-row" to={`${LOGIN_PATH}?${ADD_PARAM}=1`} data-testid="add-account">
        <span className="menu-row-icon">
          <Icon name="plus" size={20} />
        </span>
        <span className="menu-row-main">{t('settings.main.addAccount')}</span>
        <Icon name="chevron" size={18} />
      </Link>
    </div>
  );
}
