import type { Instrument, UpdateInstrumentBody } from '@otc/protocol/market/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../api/admin.ts';
import { ApiError } from '../api/client.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { isZeroAmount } from '../ui/format.ts';
import { marketTexts } from './texts.ts';

const t = marketTexts.instruments;

/** The editable parameters, in form order. Every one but maxLeverage is a decimal string. */
const FIELDS = [
  'tickSize',
  'lotSize',
  'minNotional',
  'maxLeverage',
  'makerFee',
  'takerFee',
  'stampDuty',
] as const;
type EditField = (typeof FIELDS)[number];
type Values = Record<EditField, string>;
type FieldErrors = Partial<Record<EditField, string>>;

/** Same shape as the server's check: unsigned, up to 20 integer and 18 fraction digits. */
const DECIMAL_PATTERN = /^\d{1,20}(\.\d{1,18})?$/;
const LEVERAGE_PATTERN = /^\d{1,3}$/;
const MAX_LEVERAGE = 125;
/** Tick and lot size divide prices and quantities: zero is meaningless. */
const POSITIVE_FIELDS: ReadonlySet<EditField> = new Set(['tickSize', 'lotSize']);

function currentValues(instrument: Instrument): Values {
  return {
    tickSize: instrument.tickSize,
    lotSize: instrument.lotSize,
    minNotional: instrument.minNotional,
    maxLeverage: String(instrument.maxLeverage),
    makerFee: instrument.makerFee,
    takerFee: instrument.takerFee,
    stampDuty: instrument.stampDuty,
  };
}

function isEditField(value: string | undefined): value is EditField {
  return (FIELDS as readonly (string | undefined)[]).includes(value);
}

/**
 * Checks the form and builds the update with only the changed fields. Decimals are compared and
 * sent as the text the operator typed: they are never turned into JS numbers.
 */
function buildUpdate(
  instrument: Instrument,
  values: Values,
): { errors: FieldErrors; body: UpdateInstrumentBody; changed: number } {
  const original = currentValues(instrument);
  const errors: FieldErrors = {};
  const body: UpdateInstrumentBody = { symbol: instrument.symbol };
  let changed = 0;
  for (const field of FIELDS) {
    const value = values[field].trim();
    if (field === 'maxLeverage') {
      const leverage = Number(value);
      if (!LEVERAGE_PATTERN.test(value) || leverage < 1 || leverage > MAX_LEVERAGE) {
        errors.maxLeverage = t.errors.leverage;
      } else if (leverage !== instrument.maxLeverage) {
        body.maxLeverage = leverage;
        changed += 1;
      }
      continue;
    }
    if (!DECIMAL_PATTERN.test(value)) errors[field] = t.errors.decimal;
    else if (POSITIVE_FIELDS.has(field) && isZeroAmount(value)) errors[field] = t.errors.positive;
    else if (value !== original[field]) {
      body[field] = value;
      changed += 1;
    }
  }
  return { errors, body, changed };
}

interface InstrumentEditDialogProps {
  instrument: Instrument;
  onSaved: (instrument: Instrument) => void;
  onClose: () => void;
}

/** A modal form (native <dialog>) for an instrument's trading parameters. */
export function InstrumentEditDialog({ instrument, onSaved, onClose }: InstrumentEditDialogProps) {
  const [values, setValues] = useState<Values>(() => currentValues(instrument));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [unchanged, setUnchanged] = useState(false);
  // The form shows the values as they were when it opened, even if the list refreshes meanwhile.
  const [original] = useState<Values>(() => currentValues(instrument));

  const save = useMutation({
    mutationFn: adminApi.updateInstrument,
    onSuccess: (updated) => onSaved(updated),
  });

  // A server error naming a field (e.g. field_invalid on tickSize) marks that input.
  const serverField =
    save.error instanceof ApiError && isEditField(save.error.field) ? save.error.field : null;

  const onSubmit = () => {
    const { errors: found, body, changed } = buildUpdate(instrument, values);
    setErrors(found);
    setUnchanged(false);
    save.reset();
    if (Object.keys(found).length > 0) return;
    if (changed === 0) {
      setUnchanged(true);
      return;
    }
    save.mutate(body);
  };

  const setValue = (field: EditField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
    setUnchanged(false);
  };

  return (
    <FormDialog
      title={t.editTitle(instrument.symbol)}
      hint={
        <>
          <p className="muted small section-hint">
            {instrument.name} · {t.kinds[instrument.kind] ?? instrument.kind} ·{' '}
            {t.classes[instrument.class] ?? instrument.class}
          </p>
          <p className="muted small section-hint">{t.editHint}</p>
        </>
      }
      busy={save.isPending}
      error={save.error}
      status={unchanged && t.noChanges}
      submitLabel={t.save}
      busyLabel={t.saving}
      onSubmit={onSubmit}
      onClose={onClose}
      testIds={{
        dialog: 'instrument-edit-dialog',
        form: 'instrument-edit-form',
        cancel: 'instrument-edit-cancel',
        submit: 'instrument-save',
      }}
    >
      {FIELDS.map((field) => (
        <FormField
          key={field}
          label={t.fields[field]}
          name={field}
          inputMode={field === 'maxLeverage' ? 'numeric' : 'decimal'}
          value={values[field]}
          onChange={(value) => setValue(field, value)}
          error={errors[field]}
          invalid={serverField === field}
          hint={t.current(original[field])}
          disabled={save.isPending}
        />
      ))}
    </FormDialog>
  );
}
