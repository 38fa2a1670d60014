import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, queryKeys } from '../api/admin.ts';
import { ErrorAlert, SuccessAlert } from '../ui/Alert.tsx';
import { accountTexts } from './texts.ts';

const t = accountTexts.password;

/**
 * The signed-in operator's own password, whatever their role (issue 24: the start banner asks the
 * first operator to change the generated one). The server checks every rule; its translated
 * refusal shows as the error. The operator's other sessions end, this one stays.
 */
export function PasswordPage() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [done, setDone] = useState(false);

  const change = useMutation({
    mutationFn: adminApi.changePassword,
    onSuccess: () => {
      setDone(true);
      setCurrent('');
      setNew('');
      setConfirm('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setDone(false);
    change.mutate({ currentPassword, newPassword, confirmPassword });
  };

  return (
    <section className="page">
      <header className="page-header">
        <h1>{t.title}</h1>
      </header>
      <form className="card narrow-card" onSubmit={onSubmit} data-testid="password-form">
        <p className="muted small">{t.hint}</p>
        <label className="field">
          <span>{t.current}</span>
          <input
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </label>
        <label className="field">
          <span>{t.next}</span>
          <input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(event) => setNew(event.target.value)}
          />
          <small className="muted">{t.rule}</small>
        </label>
        <label className="field">
          <span>{t.confirm}</span>
          <input
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => setConfirm(event.target.value)}
          />
        </label>
        {change.isError && <ErrorAlert error={change.error} />}
        {done && <SuccessAlert onDismiss={() => setDone(false)}>{t.changed}</SuccessAlert>}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={change.isPending}
          data-testid="password-submit"
        >
          {change.isPending ? t.submitting : t.submit}
        </button>
      </form>
    </section>
  );
}
