import { useTranslation } from 'react-i18next';
import { FieldError } from '../ui/Field.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import type { CaptchaState } from './useCaptcha.ts';

/**
 * The login's security check: the browser solves it by itself, so this only says how far it got
 * (to sight and to screen readers, through a live region); a failed one is tapped to try again.
 */
export function CaptchaCheck({
  state,
  error,
  onRetry,
}: {
  state: CaptchaState;
  error?: string | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={`field captcha-check${error ? ' field-invalid' : ''}`}>
      <span className="field-label">{t('auth.fields.captcha')}</span>
      <button
        type="button"
        className="captcha-btn"
        data-testid="captcha-status"
        data-state={state.status}
        disabled={state.status !== 'failed'}
        onClick={onRetry}
        aria-live="polite"
      >
        {state.status === 'solving' && (
          <>
            <Spinner size={16} />
            {t('auth.captcha.verifying', { percent: Math.floor(state.progress * 100) })}
          </>
        )}
        {state.status === 'solved' && <>✓ {t('auth.captcha.verified')}</>}
        {state.status === 'failed' && t('auth.captcha.failed')}
      </button>
      {error && <FieldError name="captcha" message={error} />}
    </div>
  );
}
