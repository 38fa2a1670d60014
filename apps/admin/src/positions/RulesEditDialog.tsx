import type { AdminPositionRules } from '@otc/protocol/positions/admin';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/client.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { positionsApi } from './positionsApi.ts';
import {
  buildRulesUpdate,
  currentRuleValues,
  RULE_FIELDS,
  type RuleField,
  type RuleValues,
} from './rulesForm.ts';
import { positionsTexts } from './texts.ts';

const t = positionsTexts.positionRules;
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
  const [values, setValues] = useState<RuleValues>(() => currentRuleValues(rules));
  const [errors, setErrors] = useState<Partial<Record<RuleField, 'decimal' | 'brackets'>>>({});
  const [unchanged, setUnchanged] = useState(false);

  const save = useMutation({ mutationFn: positionsApi.updateRules, onSuccess: (saved) => onSaved(saved) });
  const serverField =
    save.error instanceof ApiError && isRuleField(save.error.field) ? save.error.field : null;

  const onSubmit = () => {
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
    <FormDialog
      title={t.editTitle(rules.symbol)}
      hint={<p className="muted small section-hint">{t.editHint}</p>}
      busy={save.isPending}
      error={save.error}
      status={unchanged && t.noChanges}
      submitLabel={t.save}
      busyLabel={t.saving}
      onSubmit={onSubmit}
      onClose={onClose}
      testIds={{ dialog: 'position-rules-dialog', submit: 'position-rules-save' }}
    >
      {FIELDS.map((field) => {
        const error = errors[field];
        return (
          <FormField
            key={field}
            label={t.fields[field]}
            name={field}
            inputMode={field === 'fundingIntervalHours' ? 'numeric' : 'decimal'}
            rows={field === 'brackets' ? 4 : undefined}
            value={values[field]}
            onChange={(value) => setValue(field, value)}
            error={error && t.errors[error]}
            invalid={serverField === field}
            disabled={save.isPending}
          />
        );
      })}
    </FormDialog>
  );
}
