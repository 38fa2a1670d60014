import type { KycLevel } from '@otc/protocol/kyc/rules';
import type { KycState } from '@otc/protocol/kyc/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Summary } from './Summary.tsx';

/**
 * One level's card: its state, and what the user may do. Under review shows what was sent;
 * rejected shows the operator's reason (as text) and offers a resubmission; verified a tick.
 */
export function LevelCard({
  level,
  state,
  locked,
  editing,
  onEdit,
  form,
}: {
  level: KycLevel;
  state: KycState[KycLevel];
  /** Advanced before basic is verified. */
  locked: boolean;
  editing: boolean;
  onEdit: (open: boolean) => void;
  form: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `kyc-${level}-title`;
  return (
    <section className="card kyc-card" aria-labelledby={titleId} data-testid={`kyc-${level}`}>
      <div className="kyc-card-head">
        <h2 id={titleId} className="kyc-card-title">
          {t(`kyc.levels.${level}`)}
        </h2>
        <span className={`kyc-pill kyc-pill-${state.status}`} data-testid={`kyc-${level}-status`}>
          {state.status === 'verified' && <Icon name="check" size={14} />}
          {t(`kyc.status.${state.status}`)}
        </span>
      </div>

      {state.status === 'verified' && (
        <p className="kyc-verified" data-testid={`kyc-${level}-verified`}>
          <Icon name="shield" size={18} />
          {t('kyc.verifiedText')}
        </p>
      )}

      {state.status === 'reviewing' && (
        <>
          <p className="kyc-text" data-testid={`kyc-${level}-reviewing`}>
            {t('kyc.underReview')}
          </p>
          {state.fields && <Summary fields={state.fields} />}
        </>
      )}

      {state.status === 'rejected' && (
        <div className="kyc-rejected" role="note">
          <span className="kyc-reason-label">{t('kyc.rejectedReason')}</span>
          {/* The operator's words, shown as text whatever they hold. */}
          <p className="kyc-reason" data-testid={`kyc-${level}-reason`}>
            {state.reason}
          </p>
        </div>
      )}

      {locked && <p className="kyc-text">{t('kyc.advancedLocked')}</p>}

      {state.mayApply &&
        (editing ? (
          <>
            {form}
            <Button variant="ghost" block onClick={() => onEdit(false)} data-testid={`kyc-${level}-cancel`}>
              {t('kyc.cancel')}
            </Button>
          </>
        ) : (
          <Button block onClick={() => onEdit(true)} data-testid={`kyc-${level}-start`}>
            {t(state.status === 'rejected' ? 'kyc.resubmit' : 'kyc.start')}
          </Button>
        ))}
    </section>
  );
}
