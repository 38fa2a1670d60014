import type { AdminVipLevel } from '@otc/protocol/vip/schemas';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { adminApi } from '../api/admin.ts';
import { texts } from '../texts.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { checkSchedule, type LevelErrors, type LevelValues } from './vipForm.ts';

const t = texts.vip;

interface VipScheduleDialogProps {
  levels: readonly AdminVipLevel[];
  onSaved: () => void;
  onClose: () => void;
}

/** A modal form (native <dialog>) for the whole schedule: each level's minimum volume and multiplier. */
export function VipScheduleDialog({ levels, onSaved, onClose }: VipScheduleDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<LevelValues[]>(() =>
    levels.map(({ level, minVolume, feeMultiplier }) => ({ level, minVolume, feeMultiplier })),
  );
  const [errors, setErrors] = useState<LevelErrors>({});
  const [unchanged, setUnchanged] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const save = useMutation({ mutationFn: adminApi.updateVipLevels, onSuccess: () => onSaved() });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
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
    <dialog
      ref={ref}
      className="dialog dialog-wide"
      aria-labelledby="vip-edit-title"
      data-testid="vip-edit-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!save.isPending) onClose();
      }}
    >
      <form onSubmit={onSubmit} noValidate data-testid="vip-edit-form">
        <h2 id="vip-edit-title">{t.editTitle}</h2>
        <p className="muted small section-hint">{t.editHint}</p>
        <div className="form-grid">
          {values.map((row) => {
            const error = errors[row.level] ?? {};
            const base = row.level === 0;
            return (
              <fieldset key={row.level} className="vip-fieldset" data-testid={`vip-edit-${row.level}`}>
                <legend className="strong">{t.levelName(row.level)}</legend>
                <label className="field">
                  <span>{t.columns.minVolume}</span>
                  <input
                    name={`minVolume-${row.level}`}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    spellCheck={false}
                    value={row.minVolume}
                    readOnly={base}
                    title={base ? t.baseVolumeFixed : undefined}
                    aria-invalid={error.minVolume ? true : undefined}
                    onChange={(event) => setValue(row.level, 'minVolume', event.target.value)}
                    disabled={save.isPending}
                  />
                  {error.minVolume ? (
                    <small className="field-error">{error.minVolume}</small>
                  ) : (
                    base && <small className="muted">{t.baseVolumeFixed}</small>
                  )}
                </label>
                <label className="field">
                  <span>{t.columns.feeMultiplier}</span>
                  <input
                    name={`feeMultiplier-${row.level}`}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    spellCheck={false}
                    value={row.feeMultiplier}
                    aria-invalid={error.feeMultiplier ? true : undefined}
                    onChange={(event) => setValue(row.level, 'feeMultiplier', event.target.value)}
                    disabled={save.isPending}
                  />
                  {error.feeMultiplier && <small className="field-error">{error.feeMultiplier}</small>}
                </label>
              </fieldset>
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
          <button
            type="button"
            className="btn"
            onClick={onClose}
            disabled={save.isPending}
            data-testid="vip-edit-cancel"
          >
            {texts.common.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="vip-save">
            {save.isPending ? t.saving : t.save}
          </button>
        </div>
      </form>
    </dialog>
  );
}
