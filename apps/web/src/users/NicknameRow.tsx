import type { User } from '@otc/protocol/auth/schemas';
import { NICKNAME_MAX } from '@otc/protocol/users/rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeUser } from '../api/session.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { securityApi } from './securityApi.ts';

const FIELDS = ['nickname'] as const;

/** The nickname, 1 to 20 characters once trimmed; React renders it as text wherever it shows. */
export function NicknameRow({ user }: { user: User }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(user.nickname);
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors<'nickname'>(FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nickname = value.trim();
    if (!nickname) return form.show('nickname', t('settings.main.enterNickname'));
    if (nickname.length > NICKNAME_MAX)
      return form.show('nickname', t('settings.main.nicknameHint', { max: NICKNAME_MAX }));
    setBusy(true);
    try {
      storeUser(await securityApi.nickname(nickname));
      toast(t('settings.main.nicknameSaved'));
      setEditing(false);
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  if (!editing)
    return (
      <div className="menu-row">
        <span className="menu-row-main">
          <span className="menu-row-sub">{t('settings.main.nickname')}</span>
          <span className="session-device">{user.nickname}</span>
        </span>
        <Button
          variant="text"
          data-testid="edit-nickname"
          onClick={() => {
            setValue(user.nickname);
            setEditing(true);
          }}
        >
          {t('actions.edit')}
        </Button>
      </div>
    );
  return (
    <form className="settings-inline-form settings-nickname" onSubmit={submit} noValidate>
      <Field
        label={t('settings.main.nickname')}
        name="nickname"
        autoComplete="nickname"
        maxLength={NICKNAME_MAX * 2}
        hint={form.errors.nickname ? undefined : t('settings.main.nicknameHint', { max: NICKNAME_MAX })}
        value={value}
        error={form.errors.nickname}
        onChange={(e) => {
          setValue(e.target.value);
          form.clear('nickname');
        }}
      />
      <div className="settings-actions">
        <Button variant="secondary" onClick={() => setEditing(false)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={busy} data-testid="save-nickname">
          {t('settings.security.save')}
        </Button>
      </div>
    </form>
  );
}
