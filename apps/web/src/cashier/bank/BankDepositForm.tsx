import { BANK_REFERENCE_MAX } from '@otc/protocol/cashier/bank/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '../../money/useFormat.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { ImageField } from '../../ui/ImageField.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { toast } from '../../ui/toast.ts';
import { useFieldErrors } from '../../ui/useFieldErrors.ts';
import { BankAccountCard } from './BankAccountCard.tsx';
import { bankApi, bankKeys } from './bankApi.ts';
import './bank.css';

const FIELDS = ['amount', 'reference', 'proof'] as const;
type Draft = Record<(typeof FIELDS)[number], string>;
const EMPTY: Draft = { amount: '', reference: '', proof: '' };

/**
 * The deposit page's bank tab: the platform's account to pay into (with copy buttons), then the
 * amount sent, the reference written on the transfer and the payment proof. Submitted, it waits
 * for an operator; the records show it.
 */
export function BankDepositForm() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: bankKeys.info, queryFn: bankApi.info });
  const errors = useFieldErrors(FIELDS);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    errors.clear(field);
  };

  if (!info.data) {
    return (
      <section className="card">
        <QueryState
          icon="deposit"
          pending={info.isPending}
          error={info.error}
          onRetry={() => void info.refetch()}
        />
      </section>
    );
  }
  const { account, sample, minimum, asset } = info.data;
  if (!account) {
    return (
      <section className="card">
        <EmptyState
          icon="deposit"
          title={t('funding.bank.unavailable')}
          text={t('funding.bank.unavailableHint', { tab: t('funding.chain.tab') })}
        />
      </section>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.amount.trim()) return errors.show('amount', t('funding.bank.errors.amount'));
    if (!draft.reference.trim()) return errors.show('reference', t('funding.bank.errors.reference'));
    // Checked here: "please enter the payment proof" from the server would read oddly for a picture.
    if (!draft.proof) return errors.show('proof', t('funding.bank.errors.proof'));
    setBusy(true);
    try {
      await bankApi.submit({
        amount: draft.amount.trim(),
        reference: draft.reference.trim(),
        proof: draft.proof,
      });
      void queryClient.invalidateQueries({ queryKey: bankKeys.records });
      toast(t('funding.bank.submitted'));
      navigate('/pages/assets/rechargeList?tab=bank');
    } catch (error) {
      errors.fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      {/* The embedded default's sample: said before the account, so nobody pays into it. */}
      {sample && (
        <section className="card bank-sample" role="note" data-testid="bank-sample">
          <h2 className="card-title">{t('funding.bank.sampleTitle')}</h2>
          <p>{t('funding.bank.sampleHint')}</p>
        </section>
      )}
      <BankAccountCard account={account} />
      <form
        className="card stack"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        data-testid="bank-deposit-form"
      >
        <Field
          label={t('funding.bank.amount', { asset })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('funding.bank.minimum', { amount: f.usdt(minimum), asset })}
          value={draft.amount}
          onChange={(e) => set('amount', e.target.value)}
          error={errors.errors.amount}
          hint={t('funding.bank.creditedHint')}
        />
        <Field
          label={t('funding.bank.reference')}
          name="reference"
          autoComplete="off"
          maxLength={BANK_REFERENCE_MAX}
          value={draft.reference}
          onChange={(e) => set('reference', e.target.value)}
          error={errors.errors.reference}
        />
        <ImageField
          label={t('funding.bank.proof')}
          name="proof"
          purpose="payment_proof"
          value={draft.proof || undefined}
          onChange={(id) => set('proof', id ?? '')}
          error={errors.errors.proof}
        />
        <Button type="submit" block loading={busy} data-testid="bank-submit">
          {t('funding.bank.submit')}
        </Button>
      </form>
    </div>
  );
}
