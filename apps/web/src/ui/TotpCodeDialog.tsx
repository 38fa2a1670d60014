import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { Dialog } from './Dialog.tsx';
import { Field } from './Field.tsx';
import { useCodeEntry } from './useCodeEntry.ts';

/** The refusals that concern the code itself: shown under the box, which stays open for another. */
const CODE_REFUSALS: readonly string[] = ['totp_code_required', 'totp_code_wrong'];

/**
 * A request sent without the code refused because two-factor was turned on meanwhile (the form's
 * information was older): the caller opens the code box instead of showing the refusal.
 */
export const codeAsked = (error: unknown): boolean => isApiError(error) && error.key === 'totp_code_required';

/**
 * The authenticator's code asked before a money move once two-factor is on (decision 0158): a
 * withdrawal, an address-book change. `submit` sends the request with the code; a wrong or spent
 * code is shown under the box, any other refusal goes to `onRefused` (the form it concerns).
 */
export function TotpCodeDialog({
  submit,
  onCancel,
  onRefused,
}: {
  submit: (code: string) => Promise<void>;
  onCancel: () => void;
  onRefused: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const entry = useCodeEntry(async (code) => {
    try {
      await submit(code.trim());
    } catch (error) {
      if (isApiError(error) && CODE_REFUSALS.includes(error.key)) throw error;
      onRefused(error);
    }
  });
  return (
    <Dialog
      title={t('funding.totp.title')}
      okText={t('settings.security.totp.confirm')}
      focusOk={false}
      busy={entry.busy}
      onOk={() => void entry.send()}
      onCancel={onCancel}
    >
      <form className="stack" onSubmit={entry.send} noValidate data-testid="totp-dialog">
        <p className="dialog-message">{t('funding.totp.hint')}</p>
        <Field
          label={t('settings.security.totp.code')}
          name="totpCode"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={32}
          // The dialog opens to type the code and nothing else.
          autoFocus
          value={entry.code}
          error={entry.error}
          onChange={(e) => entry.change(e.target.value)}
          data-testid="totp-dialog-code"
        />
      </form>
    </Dialog>
  );
}
