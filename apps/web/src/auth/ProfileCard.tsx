import { maskText } from '@otc/core/mask';
import type { User } from '@otc/protocol/auth/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadUrl } from '../api/upload.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { DemoBadge } from '../ui/DemoBadge.tsx';

/** Avatar, nickname, user ID and (optionally) the masked email and phone of the signed-in user. */
export function ProfileCard({
  user,
  action,
  contacts = false,
}: {
  user: User;
  action?: ReactNode;
  contacts?: boolean;
}) {
  const { t } = useTranslation();
  // The avatar is an upload: an <img> cannot send the token, so it is fetched through the client.
  const avatar = useUploadUrl(user.avatar ?? undefined);
  return (
    <section className="card profile-card">
      <Avatar src={avatar ?? null} name={user.nickname} size={52} />
      <div className="profile-main">
        <div className="profile-name">
          <span data-testid="nickname">{user.nickname}</span>
          {user.kind === 'demo' && <DemoBadge testId="demo-tag" />}
        </div>
        <div className="profile-line">
          {t('settings.main.userId')} <span data-testid="user-id">{user.id}</span>
        </div>
        {contacts && user.email && (
          <div className="profile-line">
            {t('settings.main.email')} <span data-testid="user-email">{maskText(user.email)}</span>
          </div>
        )}
        {contacts && user.phone && (
          <div className="profile-line">
            {t('settings.main.phone')} <span data-testid="user-phone">{maskText(user.phone)}</span>
          </div>
        )}
        {contacts && user.walletAddress && (
          <div className="profile-line">
            {t('settings.main.wallet')} <span>{maskText(user.walletAddress)}</span>
          </div>
        )}
      </div>
      {action}
    </section>
  );
}
