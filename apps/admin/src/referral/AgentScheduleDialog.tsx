import type { AdminAgentSchedule } from '@otc/protocol/referral/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { referralApi } from './referralApi.ts';
import { checkForm, formValues, type LevelField, type ScheduleErrors } from './scheduleForm.ts';
import { referralTexts } from './texts.ts';

const t = referralTexts.agents;
const FIELDS: readonly { field: LevelField; label: string; inputMode: 'decimal' | 'numeric' }[] = [
  { field: 'ratio', label: t.fields.ratio, inputMode: 'decimal' },
  { field: 'upgradeMembers', label: t.fields.upgradeMembers, inputMode: 'numeric' },
  { field: 'upgradeVolume', label: t.fields.upgradeVolume, inputMode: 'decimal' },
  { field: 'maintainMembers', label: t.fields.maintainMembers, inputMode: 'numeric' },
  { field: 'maintainVolume', label: t.fields.maintainVolume, inputMode: 'decimal' },
];

/** A modal form (native <dialog>) for the whole schedule and the default ratio, saved together. */
export function AgentScheduleDialog({
  schedule,
  onSaved,
  onClose,
}: {
  schedule: AdminAgentSchedule;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => formValues(schedule));
  const [errors, setErrors] = useState<ScheduleErrors>({ levels: {} });
  const save = useMutation({ mutationFn: referralApi.save, onSuccess: () => onSaved() });

  const onSubmit = () => {
    const checked = checkForm(values);
    setErrors(checked.errors);
    save.reset();
    if (checked.body) save.mutate(checked.body);
  };
  const setLevel = (level: number, field: LevelField, value: string) => {
    setValues((prev) => ({
      ...prev,
      levels: prev.levels.map((r) => (r.level === level ? { ...r, [field]: value } : r)),
    }));
    setErrors((prev) => ({
      ...prev,
      levels: { ...prev.levels, [level]: { ...prev.levels[level], [field]: undefined } },
    }));
  };

  return (
    <FormDialog
      title={t.editTitle}
      hint={<p className="muted small section-hint">{t.editHint}</p>}
      busy={save.isPending}
      error={save.error}
      submitLabel={t.save}
      busyLabel={t.saving}
      onSubmit={onSubmit}
      onClose={onClose}
      testIds={{
        dialog: 'agents-edit-dialog',
        form: 'agents-edit-form',
        cancel: 'agents-edit-cancel',
        submit: 'agents-save',
      }}
    >
      <FormField
        label={t.fields.defaultRatio}
        name="defaultRatio"
        value={values.defaultRatio}
        onChange={(value) => {
          setValues((prev) => ({ ...prev, defaultRatio: value }));
          setErrors((prev) => ({ ...prev, defaultRatio: undefined }));
        }}
        error={errors.defaultRatio}
        disabled={save.isPending}
      />
      {values.levels.map((row) => (
        <fieldset key={row.level} className="agent-fieldset" data-testid={`agents-edit-${row.level}`}>
          <legend className="strong">{t.levelName(row.level)}</legend>
          {FIELDS.map(({ field, label, inputMode }) => (
            <FormField
              key={field}
              label={label}
              name={`${field}-${row.level}`}
              value={row[field]}
              onChange={(value) => setLevel(row.level, field, value)}
              error={errors.levels[row.level]?.[field]}
              inputMode={inputMode}
              disabled={save.isPending}
            />
          ))}
        </fieldset>
      ))}
    </FormDialog>
  );
}
