import { EARN_KINDS, type EarnKind } from '@otc/protocol/earn/constants';
import { earnAdminEndpoints as admin } from '@otc/protocol/earn/endpoints';
import type { AdminEarnProduct } from '@otc/protocol/earn/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/call.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { earnTexts } from './texts.ts';

const t = earnTexts.earn.form;
const kinds = earnTexts.earn.kinds;
const statuses = earnTexts.earn.statuses;

const TEXT_FIELDS = [
  'name',
  'minAmount',
  'maxAmount',
  'cycleDays',
  'rateMin',
  'rateMax',
  'penaltyRate',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/**
 * A new earn product, or a product's settings changed for new subscriptions only. Amounts and
 * rates go as the operator typed them (decimal strings): the server checks the terms (range,
 * rates at most 0.1 and 8 places, penalty 0 to 1) and answers what is wrong.
 */
export function EarnProductDialog({
  product,
  onClose,
  onSaved,
}: {
  product: AdminEarnProduct | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState({
    name: product?.name ?? '',
    minAmount: product?.minAmount ?? '',
    maxAmount: product?.maxAmount ?? '',
    cycleDays: product ? String(product.cycleDays) : '',
    rateMin: product?.rateMin ?? '',
    rateMax: product?.rateMax ?? '',
    penaltyRate: product?.penaltyRate ?? '',
  });
  const [kind, setKind] = useState<EarnKind>(product?.kind ?? 'managed');
  const [status, setStatus] = useState<'open' | 'closed'>(product?.status ?? 'open');
  const [tried, setTried] = useState(false);
  const set = (field: TextField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const wholeDays = /^\d{1,4}$/.test(form.cycleDays.trim());
  const save = useMutation({
    mutationFn: () =>
      call(admin.save, {
        ...(product ? { id: product.id } : {}),
        kind,
        name: form.name.trim(),
        minAmount: form.minAmount.trim(),
        maxAmount: form.maxAmount.trim(),
        cycleDays: Number(form.cycleDays.trim()),
        rateMin: form.rateMin.trim(),
        rateMax: form.rateMax.trim(),
        penaltyRate: form.penaltyRate.trim(),
        status,
      }),
    onSuccess: onSaved,
  });
  const errorOf = (field: TextField) => {
    if (!tried) return undefined;
    if (!form[field].trim()) return t.required;
    return field === 'cycleDays' && !wholeDays ? t.wholeDays : undefined;
  };
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
        if (TEXT_FIELDS.every((f) => form[f].trim()) && wholeDays) save.mutate();
      }}
      onClose={onClose}
      testIds={{ dialog: 'earn-product-dialog', submit: 'earn-product-save' }}
    >
      <label className="field">
        <span>{t.kind}</span>
        <select
          name="kind"
          value={kind}
          disabled={busy}
          onChange={(e) => setKind(e.target.value as EarnKind)}
        >
          {EARN_KINDS.map((k) => (
            <option key={k} value={k}>
              {kinds[k]}
            </option>
          ))}
        </select>
      </label>
      {TEXT_FIELDS.map((field) => (
        <FormField
          key={field}
          label={t[field]}
          name={field}
          value={form[field]}
          onChange={set(field)}
          error={errorOf(field)}
          disabled={busy}
        />
      ))}
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
    </FormDialog>
  );
}
