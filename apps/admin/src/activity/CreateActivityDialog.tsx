import { activityAdminEndpoints as admin } from '@otc/protocol/activity/endpoints';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/call.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { activityTexts } from './texts.ts';

const t = activityTexts.activity.form;

/** A `datetime-local` value (the browser's zone) as the instant the server takes, or null when empty. */
const instant = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/** An admin's new activity: its title, target, bonus and period; the server checks the terms. */
export function CreateActivityDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState({ title: '', target: '', bonus: '', startsAt: '', endsAt: '' });
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const missing = (Object.keys(form) as (keyof typeof form)[]).filter((k) => !form[k].trim());
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      call(admin.create, {
        title: form.title.trim(),
        target: form.target.trim(),
        bonus: form.bonus.trim(),
        startsAt: instant(form.startsAt) ?? '',
        endsAt: instant(form.endsAt) ?? '',
      }),
    onSuccess: onSaved,
  });
  const errorOf = (field: keyof typeof form) => (tried && missing.includes(field) ? t.required : undefined);
  const busy = save.isPending;
  return (
    <FormDialog
      title={t.title}
      hint={<p className="muted small">{t.hint}</p>}
      busy={busy}
      error={save.error}
      submitLabel={t.save}
      busyLabel={t.saving}
      onSubmit={() => {
        setTried(true);
        if (missing.length === 0) save.mutate();
      }}
      onClose={onClose}
      testIds={{ dialog: 'activity-create-dialog', submit: 'activity-create-save' }}
    >
      <FormField
        label={t.name}
        name="title"
        value={form.title}
        onChange={set('title')}
        error={errorOf('title')}
        disabled={busy}
      />
      <FormField
        label={t.target}
        name="target"
        value={form.target}
        onChange={set('target')}
        error={errorOf('target')}
        disabled={busy}
      />
      <FormField
        label={t.bonus}
        name="bonus"
        value={form.bonus}
        onChange={set('bonus')}
        error={errorOf('bonus')}
        disabled={busy}
      />
      {(['startsAt', 'endsAt'] as const).map((field) => (
        <label className="field" key={field}>
          <span>{t[field]}</span>
          <input
            type="datetime-local"
            name={field}
            value={form[field]}
            disabled={busy}
            aria-invalid={errorOf(field) ? true : undefined}
            onChange={(e) => set(field)(e.target.value)}
          />
          {errorOf(field) && <small className="field-error">{errorOf(field)}</small>}
        </label>
      ))}
    </FormDialog>
  );
}
