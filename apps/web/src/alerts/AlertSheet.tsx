import { ALERT_CONDITIONS } from '@otc/protocol/alerts/constants';
import type { AlertCondition } from '@otc/protocol/alerts/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { useLang } from '../i18n/useLang.ts';
import { cleanAmountInput } from '../money/amounts.ts';
import { formatPrice, priceDecimals } from '../money/format.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { alertKeys, alertsApi } from './alertsApi.ts';
import { ALERTS_PATH } from './paths.ts';
import './alerts.css';

const FIELDS = ['price', 'percent', 'symbol'] as const;
const isPercent = (c: AlertCondition) => c === 'up_percent' || c === 'down_percent';

/** The sheet that sets a price alert on one instrument: the price now, a condition, its price or percent. */
export default function AlertSheet({
  symbol,
  price,
  tickSize,
  onClose,
}: {
  symbol: string;
  price: string | undefined;
  tickSize: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const userId = useSession().user?.id ?? '';
  const client = useQueryClient();
  const [condition, setCondition] = useState<AlertCondition>('rises_to');
  const [value, setValue] = useState('');
  const errors = useFieldErrors(FIELDS);
  const field = isPercent(condition) ? 'percent' : 'price';
  const add = useMutation({
    mutationFn: () =>
      alertsApi.add({ symbol, condition, ...(isPercent(condition) ? { percent: value } : { price: value }) }),
    onSuccess: () => {
      toast(t('alerts.sheet.created'));
      void client.invalidateQueries({ queryKey: alertKeys.list(userId) });
      onClose();
    },
    onError: errors.fail,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value) return errors.show(field, t('alerts.sheet.required'));
    add.mutate();
  };
  const now = price === undefined ? '--' : formatPrice(price, priceDecimals(price, tickSize), lang);
  return (
    <div className="alert-sheet-layer">
      <button
        type="button"
        className="alert-sheet-backdrop"
        onClick={onClose}
        aria-label={t('common.close')}
        tabIndex={-1}
      />
      <form
        className="alert-sheet stack"
        role="dialog"
        aria-modal="true"
        aria-labelledby="alert-sheet-title"
        onSubmit={submit}
        noValidate
        data-testid="alert-sheet"
      >
        <div className="alert-sheet-head">
          <h2 id="alert-sheet-title">{t('alerts.sheet.title', { symbol })}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p className="alert-sheet-now">
          <span>{t('alerts.sheet.current')}</span>
          <strong className="num" data-testid="alert-sheet-price">
            {now}
          </strong>
        </p>
        <Tabs
          tabs={ALERT_CONDITIONS.map((id) => ({ id, label: t(`alerts.conditions.${id}`) }))}
          value={condition}
          onChange={(c) => {
            setCondition(c);
            setValue('');
            errors.clear(field);
          }}
          testIdPrefix="alert-condition-"
          label={t('alerts.sheet.condition')}
          variant="segmented"
        />
        <Field
          label={isPercent(condition) ? t('alerts.sheet.percent') : t('alerts.sheet.price')}
          name={field}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          placeholder={isPercent(condition) ? '5' : price}
          error={errors.errors[field] ?? errors.errors.symbol}
          onChange={(e) => {
            setValue(cleanAmountInput(e.target.value));
            errors.clear(field);
          }}
          addon={isPercent(condition) ? <span className="alert-unit">%</span> : undefined}
          data-testid="alert-value"
        />
        <Button type="submit" block loading={add.isPending} data-testid="alert-submit">
          {t('alerts.sheet.submit')}
        </Button>
        <Link to={ALERTS_PATH} className="alert-sheet-all" data-testid="alert-sheet-all">
          {t('alerts.sheet.all')}
        </Link>
      </form>
    </div>
  );
}
