import { adminEndpoints } from '@otc/protocol/admin/endpoints';
import type { AdminRole } from '@otc/protocol/admin/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { useSession } from '../api/session.tsx';
import { texts } from '../texts.ts';
import { ErrorAlert, SuccessAlert } from '../ui/Alert.tsx';
import { formatTime } from '../ui/format.ts';
import { QueryTable } from '../ui/QueryTable.tsx';
import { operatorsTexts } from './texts.ts';

const t = operatorsTexts.operators;
const ROLES: readonly AdminRole[] = ['admin', 'reviewer', 'support'];

export function OperatorsPage() {
  const queryClient = useQueryClient();
  const { me } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AdminRole>('support');
  const [notice, setNotice] = useState<string | null>(null);

  const operators = useQuery({
    queryKey: queryKeys.operators,
    queryFn: ({ signal }) => adminApi.operators(signal),
  });

  const create = useMutation({
    mutationFn: adminApi.createOperator,
    onSuccess: (operator) => {
      setNotice(t.created(operator.email));
      setEmail('');
      setPassword('');
      setRole('support');
      void queryClient.invalidateQueries({ queryKey: queryKeys.operators });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setNotice(null);
    create.mutate({ email: email.trim(), password, role });
  };

  const items = operators.data?.items ?? [];
  const mayCreate = useCan()(adminEndpoints.createOperator);

  return (
    <section className="page">
      <header className="page-header">
        <h1>{t.title}</h1>
      </header>

      <div className="split">
        <div className="split-main">
          <h2>{t.listTitle}</h2>
          <QueryTable
            region={t.listTitle}
            query={operators}
            testId="operators-table"
            isEmpty={items.length === 0}
            empty={t.empty}
            headers={[t.columns.id, t.columns.email, t.columns.role, t.columns.created]}
          >
            {items.map((operator) => (
              <tr key={operator.id}>
                <td className="mono">{operator.id}</td>
                <td>
                  {operator.email}
                  {operator.id === me.data?.id && <span className="muted"> ({t.you})</span>}
                </td>
                <td>
                  <span className={`badge badge-role badge-${operator.role}`}>
                    {texts.roles[operator.role] ?? operator.role}
                  </span>
                </td>
                <td className="nowrap" title={operator.createdAt}>
                  {formatTime(operator.createdAt)}
                </td>
              </tr>
            ))}
          </QueryTable>
        </div>

        <form className="card split-side" onSubmit={onSubmit} data-testid="operator-create-form">
          <h2>{t.createTitle}</h2>
          {!mayCreate && <p className="muted small">{t.createHint}</p>}
          <label className="field">
            <span>{t.email}</span>
            <input
              name="email"
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className="field">
            <span>{t.password}</span>
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <small className="muted">{t.passwordHint}</small>
          </label>
          <label className="field">
            <span>{t.role}</span>
            <select name="role" value={role} onChange={(event) => setRole(event.target.value as AdminRole)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {texts.roles[r]}
                </option>
              ))}
            </select>
          </label>
          {create.isError && <ErrorAlert error={create.error} />}
          {notice && <SuccessAlert onDismiss={() => setNotice(null)}>{notice}</SuccessAlert>}
          {mayCreate && (
            <button
              type="submit"
              className="btn btn-primary"
              disabled={create.isPending}
              data-testid="operator-create-submit"
            >
              {create.isPending ? t.submitting : t.submit}
            </button>
          )}
        </form>
      </div>
    </section>
  );
}
