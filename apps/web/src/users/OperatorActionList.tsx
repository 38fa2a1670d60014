import type { OperatorAction } from '@otc/protocol/users/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../money/useFormat.ts';
import { InfiniteList } from '../ui/InfiniteList.tsx';
import { operatorActionLabel } from './operatorActions.ts';
import { securityApi, securityKeys } from './securityApi.ts';
import '../money/money.css';

/**
 * Every action the platform's staff took on this account (PRODUCT.md "Provable": every operator
 * action on an account is visible to its owner), newest first: what, when, which role (never who).
 */
export function OperatorActionList() {
  const { t } = useTranslation();
  return (
    <>
      <p className="settings-note" data-testid="operator-actions-intro">
        {t('settings.security.operatorActions.intro')}
      </p>
      <section className="menu" data-testid="operator-actions">
        <InfiniteList<OperatorAction>
          queryKey={securityKeys.operatorActions}
          fetchPage={securityApi.operatorActions}
          itemKey={(a) => a.id}
          emptyIcon="shield"
          renderItem={(a) => <ActionRow action={a} />}
        />
      </section>
    </>
  );
}

function ActionRow({ action: a }: { action: OperatorAction }) {
  const { t } = useTranslation();
  const f = useFormat();
  const by = a.role ? t(`settings.security.operatorActions.role.${a.role}`) : null;
  return (
    <div className="record" data-testid="operator-action">
      <span className="record-main">
        <span className="record-title">
          {t(`settings.security.operatorActions.kinds.${operatorActionLabel(a)}`)}
        </span>
        {a.amount !== null && a.asset !== null && (
          <span className="record-sub" data-testid="operator-action-amount">
            {f.amount(a.amount)} {a.asset}
          </span>
        )}
        {a.reason && (
          <span className="record-sub">
            {t('settings.security.operatorActions.reason', { reason: a.reason })}
          </span>
        )}
        <span className="record-sub">
          {f.time(a.at)}
          {by ? ` · ${t('settings.security.operatorActions.by', { role: by })}` : ''}
        </span>
      </span>
    </div>
  );
}
