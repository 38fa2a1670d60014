import { bankDepositAdminEndpoints } from '@otc/protocol/cashier/bank/endpoints';
import type { BankAccount, BankDepositInfo } from '@otc/protocol/cashier/bank/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { queryKeys } from '../../api/admin.ts';
import { useCan } from '../../api/can.ts';
import { ApiError } from '../../api/client.ts';
import { texts } from '../../texts.ts';
import { ErrorAlert, SuccessAlert } from '../../ui/Alert.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { cashierTexts } from '../texts.ts';
import { bankApi, bankKeys } from './bankApi.ts';
import './bank.css';

const t = cashierTexts.bank;
type Fields = { [K in keyof BankAccount]: string };
const FIELDS: readonly (keyof Fields)[] = [
  'bankName',
  'accountName',
  'accountNumber',
  'swift',
  'iban',
  'instructions',
];
const OPTIONAL = new Set<keyof Fields>(['swift', 'iban', 'instructions']);
const EMPTY: Fields = {
  bankName: '',
  accountName: '',
  accountNumber: '',
  swift: '',
  iban: '',
  instructions: '',
};

const fieldsOf = (a: BankAccount | null): Fields =>
  a ? (Object.fromEntries(FIELDS.map((k) => [k, a[k] ?? ''])) as Fields) : EMPTY;

/** The platform's bank account users pay into: admins edit it (audited); other operators read it. */
export function BankAccountPage() {
  const mayEdit = useCan()(bankDepositAdminEndpoints.setAccount);
  const current = useQuery({ queryKey: bankKeys.account, queryFn: ({ signal }) => bankApi.account(signal) });

  return (
    <section className="page">
      <Link to="/bank-deposits" className="back-link">
        {t.back}
      </Link>
      <PageHeader title={t.accountTitle} subtitle={t.accountSubtitle} />
      {current.isPending && <p className="muted">{texts.common.loading}</p>}
      {current.isError && <ErrorAlert error={current.error} onRetry={() => current.refetch()} />}
      {current.data && !current.data.account && <p className="muted">{t.accountUnset}</p>}
      {current.data?.sample && (
        <p className="alert alert-warning" data-testid="bank-account-sample">
          {t.accountSample}
        </p>
      )}
      {!mayEdit && <p className="muted small section-hint">{t.accountAdminOnly}</p>}
      {/* The form starts from the account once it is read, so typing is never overwritten by the load. */}
      {current.data && <AccountForm initial={current.data.account} mayEdit={mayEdit} />}
    </section>
  );
}

function AccountForm({ initial, mayEdit }: { initial: BankAccount | null; mayEdit: boolean }) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(initial));
  const [saved, setSaved] = useState(false);

  const save = useMutation({
    mutationFn: () => bankApi.setAccount(fields),
    onSuccess: (account) => {
      // A saved account is the operator's own: it is never a sample.
      queryClient.setQueryData<BankDepositInfo>(
        bankKeys.account,
        (info) => info && { ...info, account, sample: false },
      );
      setFields(fieldsOf(account));
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
  });
  const fieldError = save.error instanceof ApiError ? save.error.field : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate();
  };

  return (
    <>
      {saved && <SuccessAlert onDismiss={() => setSaved(false)}>{t.saved}</SuccessAlert>}
      {save.isError && !fieldError && <ErrorAlert error={save.error} />}
      <form className="bank-account-form" onSubmit={submit} noValidate data-testid="bank-account-form">
        {FIELDS.map((k) => (
          <div key={k} className="field">
            <label htmlFor={`bank-account-${k}`}>
              {t.fields[k]} {OPTIONAL.has(k) && <span className="muted">{t.optional}</span>}
            </label>
            {k === 'instructions' ? (
              <textarea
                className="bank-reason"
                id={`bank-account-${k}`}
                name={k}
                maxLength={500}
                value={fields[k]}
                disabled={!mayEdit}
                onChange={(e) => setFields({ ...fields, [k]: e.target.value })}
                aria-invalid={fieldError === k ? true : undefined}
                data-testid={`bank-account-${k}`}
              />
            ) : (
              <input
                id={`bank-account-${k}`}
                name={k}
                value={fields[k]}
                disabled={!mayEdit}
                onChange={(e) => setFields({ ...fields, [k]: e.target.value })}
                aria-invalid={fieldError === k ? true : undefined}
                data-testid={`bank-account-${k}`}
              />
            )}
            {fieldError === k && save.error && <small className="field-error">{save.error.message}</small>}
          </div>
        ))}
        {mayEdit && (
          <div>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={save.isPending}
              data-testid="bank-account-save"
            >
              {save.isPending ? t.saving : t.save}
            </button>
          </div>
        )}
      </form>
    </>
  );
}
