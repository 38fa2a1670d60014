import type { User } from '@otc/protocol/auth/schemas';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { RETURN_PARAM, safeReturnPath } from '../app/returnTo.ts';
import { useAreas } from '../app/useAreas.ts';
import { Button } from '../ui/Button.tsx';
import { DemoBadge } from '../ui/DemoBadge.tsx';
import { AuthHeader } from './AuthHeader.tsx';
import { maskedContact } from './contact.ts';
import { signOut } from './sessionActions.ts';

/** `?add=1` on the login and register pages: a signed-in person asked to add another account. */
export const ADD_PARAM = 'add';

/**
 * The login and register pages' gate: someone already logged in sees who they are and chooses
 * (SignedInPanel); `?add=1` (their choice, or Settings' "add account") gives `form`, told whose
 * device it adds the account to.
 */
export function SignedInGate({
  addLabel,
  form,
}: {
  addLabel: string;
  form: (adding: string | undefined) => ReactNode;
}) {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const { findRoute } = useAreas();
  if (!user || params.get(ADD_PARAM) === '1') return form(user?.nickname);
  return (
    <SignedInPanel
      user={user}
      returnTo={safeReturnPath(params.get(RETURN_PARAM), findRoute)}
      addLabel={addLabel}
      onAdd={() =>
        setParams((p) => {
          p.set(ADD_PARAM, '1');
          return p;
        })
      }
    />
  );
}

/**
 * The login or register page opened by someone already logged in (issue 24: they got a second
 * login form, as if they were not): who they are, back to their account, add another account
 * (this device keeps both; Settings switches), or log out.
 */
function SignedInPanel({
  user,
  returnTo,
  addLabel,
  onAdd,
}: {
  user: User;
  returnTo: string;
  addLabel: string;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logOut = async () => {
    setBusy(true);
    await signOut();
    setBusy(false);
  };
  const contact = maskedContact(user);
  return (
    <div className="auth-page" data-testid="signed-in">
      <AuthHeader
        heading={t('auth.signedIn.title', { name: user.nickname })}
        subtitle={t('auth.signedIn.hint')}
      />
      <p className="auth-signed-in-who">
        {user.kind === 'demo' ? <DemoBadge /> : contact || `ID ${user.id}`}
      </p>
      <div className="auth-alt">
        <Button block onClick={() => navigate(returnTo, { replace: true })} data-testid="signed-in-continue">
          {t('auth.signedIn.goToAccount')}
        </Button>
        <Button variant="secondary" block onClick={onAdd} data-testid="signed-in-add">
          {addLabel}
        </Button>
        <Button
          variant="text"
          block
          loading={busy}
          onClick={() => void logOut()}
          data-testid="signed-in-logout"
        >
          {t('settings.main.logout')}
        </Button>
      </div>
    </div>
  );
}
