import type { User } from '@otc/protocol/auth/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf } from '../api/errors.ts';
import { storeUser } from '../api/session.ts';
import { ImageField } from '../ui/ImageField.tsx';
import { toast } from '../ui/toast.ts';
import { securityApi } from './securityApi.ts';

/** The avatar: an image the user uploads (purpose avatar), saved as soon as it is stored, or removed. */
export function AvatarRow({ user }: { user: User }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();

  const save = async (id: string | undefined) => {
    setError(undefined);
    try {
      storeUser(await securityApi.avatar(id ?? null));
      toast(id ? t('settings.main.avatarSaved') : t('settings.main.avatarRemoved'));
    } catch (failure) {
      setError(fieldErrorOf(failure, ['avatar'])?.message);
    }
  };

  return (
    <div className="settings-avatar">
      <ImageField
        label={t('settings.main.avatar')}
        purpose="avatar"
        name="avatar"
        value={user.avatar ?? undefined}
        error={error}
        onChange={(id) => void save(id)}
      />
    </div>
  );
}
