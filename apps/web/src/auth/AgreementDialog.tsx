import type { Agreement } from '@otc/protocol/auth/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { pickAgreement } from './agreement.ts';
import { authApi } from './authApi.ts';

type State = { status: 'loading' } | { status: 'done'; agreement: Agreement | undefined };

/** The registration agreement (key 'register') in the current language. */
export function AgreementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    authApi.agreements().then(
      ({ items }) =>
        alive && setState({ status: 'done', agreement: pickAgreement(items, 'register', currentLanguage()) }),
      () => alive && setState({ status: 'done', agreement: undefined }),
    );
    return () => {
      alive = false;
    };
  }, []);

  const agreement = state.status === 'done' ? state.agreement : undefined;
  return (
    <Dialog
      title={agreement?.title ?? t('auth.register.agreementLink')}
      okText={t('common.close')}
      showCancel={false}
      onOk={onClose}
    >
      {state.status === 'loading' && (
        <div className="dialog-loading">
          <Spinner />
        </div>
      )}
      {state.status === 'done' &&
        (agreement ? (
          <div className="agreement-text" data-testid="agreement-text">
            {agreement.content}
          </div>
        ) : (
          <p className="dialog-message">{t('auth.register.agreementUnavailable')}</p>
        ))}
    </Dialog>
  );
}
