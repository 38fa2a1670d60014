import type { AdminPositionRules } from '@otc/protocol/positions/admin';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { texts } from '../texts.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { positionsApi } from './positionsApi.ts';
import {
  buildRulesUpdate,
  currentRuleValues,
  RULE_FIELDS,
  type RuleField,
  type RuleValues,
} from './rulesForm.ts';

const t = texts.positionRules;
const FIELDS: readonly RuleField[] = [...RULE_FIELDS, 'brackets'];
const isRuleField = (v: string | undefined): v is RuleField =>
  (FIELDS as readonly (string | undefined)[]).includes(v);

/** A modal form (native <dialog>) for one instrument's position rules; only changed values are sent. */
export function RulesEditDialog({
  rules,
  onSaved,
  onClose,
}: {
  rules: AdminPositionRules;
  onSaved: (rules: AdminPositionRules) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<RuleValues>(() => currentRuleValues(rules));
  const [errors, setErrors] = useState<Partial<Record<RuleField, 'decimal' | 'brackets'>>>({});
  const [unchanged, setUnchanged] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const save = useMutation({ mutationFn: positionsApi.updateRules, onSuccess: (saved) => onSaved(saved) });
  const serverField =
    save.error instanceof ApiError && isRuleField(save.error.field) ? save.error.field : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const built = buildRulesUpdate(rules, values);
    setErrors(built.errors);
    setUnchanged(false);
    save.reset();
    if (Object.keys(built.errors).length > 0) return;
    if (built.changed === 0) {
      setUnchanged(true);
      return;
    }
    save.mutate(built.body);
  };

  const setValue = (field: RuleField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
    setUnchanged(false);
  };

  return (
    <dialog
      ref={ref}
      className="dialog dialog-wide"
      aria-labelledby="position-rules-title"
      data-testid="position-rules-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!save.isPending) onClose();
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <h2 id="position-rules-title">{t.editTitle(rules.symbol)}</h2>
        <p className="muted small section-hint">{t.editHint}</p>
        <div className="form-grid">
          {FIELDS.map((field) => {
            const error = errors[field];
            const invalid = Boolean(error) || serverField === field;
            const common = {
              name: field,
              spellCheck: false,
              value: values[field],
              'aria-invalid': invalid ? true : undefined,
              disabled: save.isPending,
            };
            const hint = error && <small className="field-error">{t.errors[error]}</small>;
            return field === 'brackets' ? (
              <label className="field" key={field}>
                <span>{t.fields[field]}</span>
                <textarea {...common} rows={4} onChange={(event) => setValue(field, event.target.value)} />
                {hint}
              </label>
            ) : (
              <label className="field" key={field}>
                <span>{t.fields[field]}</span>
                <input
                  {...common}
                  type="text"
                  inputMode={field === 'fundingIntervalHours' ? 'numeric' : 'decimal'}
                  autoComplete="off"
                  onChange={(event) => setValue(field, event.target.value)}
                />
                {hint}
              </label>
            );
          })}
        </div>
        {save.isError && <ErrorAlert error={save.error} />}
        {unchanged && (
          <p className="muted small section-hint" role="status">
            {t.noChanges}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {texts.common.cancel}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending}
            data-testid="position-rules-save"
          >
            {save.isPending ? t.saving : t.save}
          </button>
        </div>
      </form>
    </dialog>
  );
}
