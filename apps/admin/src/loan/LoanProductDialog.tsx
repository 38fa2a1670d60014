import { LOAN_TERMS } from '@otc/protocol/loan/constants';
import { loanAdminEndpoints as admin } from '@otc/protocol/loan/endpoints';
import type { AdminLoanProduct } from '@otc/protocol/loan/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/call.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { loanTexts } from './texts.ts';
import './loan.css';

const t = loanTexts.loan.form;
const statuses = loanTexts.loan.products.statuses;

const TEXT_FIELDS = [
  'name',
  'minAmount',
  'maxAmount',
  'dailyRate',
  'initialLtv',
  'marginCallLtv',
  'liquidationLtv',
  'collateralAssets',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** "btc, ETH ,, " → ["BTC", "ETH"]: the codes as the operator listed them, uppercased. */
const assetCodes = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code.length > 0);

/**
 * A new loan product, or a product's settings changed for new applications only. Amounts, rates
 * and LTVs go as the operator typed them (decimal strings): the server checks the terms (range,
 * rate above 0 and at most 0.1, initial < margin call < liquidation < 1, collateral with an index
 * price) and answers what is wrong, translated.
 */
export function LoanProductDialog({
  product,
  onClose,
  onSaved,
}: {
  product: AdminLoanProduct | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<Record<TextField, string>>({
    name: product?.name ?? '',
    minAmount: product?.minAmount ?? '',
    maxAmount: product?.maxAmount ?? '',
    dailyRate: product?.dailyRate ?? '',
    initialLtv: product?.initialLtv ?? '',
    marginCallLtv: product?.marginCallLtv ?? '',
    liquidationLtv: product?.liquidationLtv ?? '',
    collateralAssets: product?.collateralAssets.join(', ') ?? '',
  });
  const [terms, setTerms] = useState<readonly number[]>(product?.terms ?? []);
  const [status, setStatus] = useState<'open' | 'closed'>(product?.status ?? 'open');
  const [tried, setTried] = useState(false);
  const set = (field: TextField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const toggle = (days: number, on: boolean) =>
    setTerms((now) => LOAN_TERMS.filter((d) => (d === days ? on : now.includes(d))));
  const save = useMutation({
    mutationFn: () =>
      call(admin.save, {
        ...(product ? { id: product.id } : {}),
        name: form.name.trim(),
        minAmount: form.minAmount.trim(),
        maxAmount: form.maxAmount.trim(),
        terms: [...terms],
        dailyRate: form.dailyRate.trim(),
        initialLtv: form.initialLtv.trim(),
        marginCallLtv: form.marginCallLtv.trim(),
        liquidationLtv: form.liquidationLtv.trim(),
        collateralAssets: assetCodes(form.collateralAssets),
        status,
      }),
    onSuccess: onSaved,
  });
  const errorOf = (field: TextField) => (tried && !form[field].trim() ? t.required : undefined);
  const busy = save.isPending;
  return (
    <FormDialog
      title={product ? t.editTitle : t.createTitle}
      hint={<p className="muted small">{t.hint}</p>}
      busy={busy}
      error={save.error}
      submitLabel={t.save}
      busyLabel={t.saving}
      onSubmit={() => {
        setTried(true);
        if (TEXT_FIELDS.every((f) => form[f].trim()) && terms.length > 0) save.mutate();
      }}
      onClose={onClose}
      testIds={{ dialog: 'loan-product-dialog', submit: 'loan-product-save' }}
    >
      {TEXT_FIELDS.filter((f) => f !== 'collateralAssets').map((field) => (
        <FormField
          key={field}
          label={t[field]}
          name={field}
          value={form[field]}
          onChange={set(field)}
          error={errorOf(field)}
          disabled={busy}
          inputMode={field === 'name' ? 'text' : 'decimal'}
        />
      ))}
      <FormField
        label={t.collateralAssets}
        name="collateralAssets"
        value={form.collateralAssets}
        onChange={set('collateralAssets')}
        error={errorOf('collateralAssets')}
        hint={t.collateralHint}
        disabled={busy}
        inputMode="text"
      />
      <label className="field">
        <span>{t.status}</span>
        <select
          name="status"
          value={status}
          disabled={busy}
          onChange={(e) => setStatus(e.target.value === 'closed' ? 'closed' : 'open')}
        >
          <option value="open">{statuses.open}</option>
          <option value="closed">{statuses.closed}</option>
        </select>
      </label>
      <fieldset className="loan-terms" aria-invalid={tried && terms.length === 0 ? true : undefined}>
        <legend>{t.terms}</legend>
        {LOAN_TERMS.map((days) => (
          <label key={days} className="loan-term">
            <input
              type="checkbox"
              name="terms"
              value={days}
              checked={terms.includes(days)}
              disabled={busy}
              onChange={(e) => toggle(days, e.target.checked)}
              data-testid={`loan-term-${days}`}
            />
            {t.termDays(days)}
          </label>
        ))}
        {tried && terms.length === 0 && <small className="field-error">{t.termsRequired}</small>}
      </fieldset>
    </FormDialog>
  );
}
