import type { BankAccount } from '@otc/protocol/cashier/bank/schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { copyText } from '../../ui/copyText.ts';
import { Icon } from '../../ui/Icon.tsx';
import { toast } from '../../ui/toast.ts';

const ROWS = ['bankName', 'accountName', 'accountNumber', 'swift', 'iban'] as const;

/** The platform's bank account the user pays into, each detail with its copy button. */
export function BankAccountCard({ account }: { account: BankAccount }) {
  const { t } = useTranslation();
  const copy = async (value: string) => {
    toast((await copyText(value)) ? t('common.copied') : t('common.copyFailed'));
  };
  return (
    <section className="card bank-account" data-testid="bank-account">
      <h2 className="card-title">{t('funding.bank.payTo')}</h2>
      <dl className="bank-account-rows">
        {ROWS.map((key) => {
          const value = account[key];
          if (!value) return null;
          return (
            <div className="bank-account-row" key={key}>
              <dt className="kv-label">{t(`funding.bank.fields.${key}`)}</dt>
              <dd className="bank-account-value" data-testid={`bank-${key}`}>
                <span>{value}</span>
                <Button
                  variant="text"
                  onClick={() => void copy(value)}
                  aria-label={t('funding.bank.copyField', { field: t(`funding.bank.fields.${key}`) })}
                  data-testid={`bank-copy-${key}`}
                >
                  <Icon name="copy" size={16} />
                </Button>
              </dd>
            </div>
          );
        })}
      </dl>
      {/* The admin's instructions are text, whatever they hold: React escapes them. */}
      {account.instructions && (
        <p className="bank-instructions" data-testid="bank-instructions">
          {account.instructions}
        </p>
      )}
    </section>
  );
}
