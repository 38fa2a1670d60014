import type { AdminVipLevel } from '@otc/protocol/vip/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../api/admin.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { vipTexts } from './texts.ts';
import { checkSchedule, type LevelErrors, type LevelValues } from './vipForm.ts';

const t = vipTexts.vip;

interface VipScheduleDialogProps {
  levels: readonly AdminVipLevel[];
  onSaved: () => void;
  onClose: () => void;
}

/** A modal form (native <dialog>) for the whole schedule: each level's minimum volume and multiplier. */
export function VipScheduleDialog({ levels, onSaved, onClose }: VipScheduleDialogProps) {
  const [values, setValues] = useState<LevelValues[]>(() =>
    levels.map(({ level, minVolume, feeMultiplier }) => ({ level, minVolume, feeMultiplier })),
  );
  const [errors, setErrors] = useState<LevelErrors>({});
  const [unchanged, setUnchanged] = useState(false);

  const save = useMutation({ mutationFn: adminApi.updateVipLevels, onSuccess: () => onSaved() });

  const onSubmit = () => {
    const checked = checkSchedule(values, levels);
    setErrors(checked.errors);
    setUnchanged(false);
    save.reset();
    if (!checked.body) return;
    if (!checked.changed) {
      setUnchanged(true);
      return;
    }
    save.mutate(checked.body);
  };

  const setValue = (level: number, field: 'minVolume' | 'feeMultiplier', value: string) => {
    setValues((prev) => prev.map((r) => (r.level === level ? { ...r, [field]: value } : r)));
    setErrors((prev) => ({ ...prev, [level]: { ...prev[level], [field]: undefined } }));
    setUnchanged(false);
  };

  return (
    <FormDialog
      title={t.editTitle}
      hint={<p className="muted small section-hint">{t.editHint}</p>}
      busy={save.isPending}
      error={save.error}
      status={unchanged && t.noChanges}
      submitLabel={t.save}
      busyLabel={t.saving}
      onSubmit={onSubmit}
      onClose={onClose}
      testIds={{
        dialog: 'vip-edit-dialog',
        form: 'vip-edit-form',
        cancel: 'vip-edit-cancel',
        submit: 'vip-save',
      }}
    >
      {values.map((row) => {
        const error = errors[row.level] ?? {};
        const base = row.level === 0;
        return (
          <fieldset key={row.level} className="vip-fieldset" data-testid={`vip-edit-${row.level}`}>
            <legend className="strong">{t.levelName(row.level)}</legend>
            <FormField
              label={t.columns.minVolume}
              name={`minVolume-${row.level}`}
              value={row.minVolume}
              onChange={(value) => setValue(row.level, 'minVolume', value)}
              error={error.minVolume}
              hint={base && t.baseVolumeFixed}
              readOnly={base}
              title={base ? t.baseVolumeFixed : undefined}
              disabled={save.isPending}
            />
            <FormField
              label={t.columns.feeMultiplier}
              name={`feeMultiplier-${row.level}`}
              value={row.feeMultiplier}
              onChange={(value) => setValue(row.level, 'feeMultiplier', value)}
              error={error.feeMultiplier}
              disabled={save.isPending}
            />
          </fieldset>
        );
      })}
    </FormDialog>
  );
}
