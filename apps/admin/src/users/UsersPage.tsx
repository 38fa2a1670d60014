import { adminEndpoints } from '@otc/protocol/admin/endpoints';
import { type AdminUserRow, TOTP_RESET_REASON_MAX } from '@otc/protocol/admin/schemas';
import type { UserKind } from '@otc/protocol/auth/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminApi, PAGE_SIZE, queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { texts } from '../texts.ts';
import { ErrorAlert, SuccessAlert } from '../ui/Alert.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { FilterInput } from '../ui/FilterInput.tsx';
import { formatTime } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useListParams } from '../ui/useListParams.ts';
import { usersTexts } from './texts.ts';

const t = usersTexts.users;
const KINDS: readonly UserKind[] = ['real', 'demo'];

function parseKind(value: string): UserKind | '' {
  return (KINDS as readonly string[]).includes(value) ? (value as UserKind) : '';
}

interface PendingChange {
  user: AdminUserRow;
  status: AdminUserRow['status'];
}

export function UsersPage() {
  const queryClient = useQueryClient();
  const { page, filters, setFilter, setPage } = useListParams(['q', 'kind'] as const);
  const kind = parseKind(filters.kind);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Decision 0158: a lost phone and recovery codes, after an identity check out of band.
  const [resetting, setResetting] = useState<AdminUserRow | null>(null);
  const [reason, setReason] = useState('');

  const users = useQuery({
    queryKey: [...queryKeys.users, { q: filters.q, kind, page }],
    queryFn: ({ signal }) => adminApi.users({ q: filters.q, kind, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  const setStatus = useMutation({
    mutationFn: (change: PendingChange) =>
      adminApi.setUserStatus({ userId: change.user.id, status: change.status }),
    onSuccess: (_data, change) => {
      const who = t.userLabel(change.user.id, change.user.nickname);
      setNotice(change.status === 'disabled' ? t.disabledNotice(who) : t.enabledNotice(who));
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
    onError: () => setPending(null),
  });

  const resetTotp = useMutation({
    mutationFn: (user: AdminUserRow) => adminApi.resetUserTotp({ userId: user.id, reason }),
    onSuccess: (_data, user) => {
      setNotice(t.resetTotpNotice(t.userLabel(user.id, user.nickname)));
      setResetting(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
    onError: () => setResetting(null),
  });

  const askReset = (user: AdminUserRow) => {
    setNotice(null);
    resetTotp.reset();
    setReason('');
    setResetting(user);
  };

  const askChange = (user: AdminUserRow) => {
    setNotice(null);
    setStatus.reset();
    setPending({ user, status: user.status === 'active' ? 'disabled' : 'active' });
  };

  const can = useCan();
  const mayChangeStatus = can(adminEndpoints.setUserStatus);
  const mayResetTotp = can(adminEndpoints.resetUserTotp);
  const items = users.data?.items ?? [];

  return (
    <ListPage
      title={t.title}
      filters={
        <>
          <FilterInput
            name="q"
            label={t.searchLabel}
            placeholder={t.searchPlaceholder}
            value={filters.q}
            onChange={(value) => setFilter('q', value)}
            className="grow"
          />
          <label className="field field-inline">
            <span>{t.kindLabel}</span>
            <select name="kind" value={kind} onChange={(event) => setFilter('kind', event.target.value)}>
              <option value="">{texts.common.all}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t.kinds[k]}
                </option>
              ))}
            </select>
          </label>
        </>
      }
      notices={
        <>
          {notice && <SuccessAlert onDismiss={() => setNotice(null)}>{notice}</SuccessAlert>}
          {setStatus.isError && <ErrorAlert error={setStatus.error} />}
          {resetTotp.isError && <ErrorAlert error={resetTotp.error} />}
        </>
      }
      query={users}
      testId="users-table"
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.id,
        t.columns.email,
        t.columns.phone,
        t.columns.wallet,
        t.columns.nickname,
        t.columns.kind,
        t.columns.status,
        t.columns.created,
        { label: t.columns.actions, className: 'col-actions' },
      ]}
      paging={{ page, total: users.data?.total ?? 0, onPage: setPage }}
      after={
        <>
          {resetting && (
            <ConfirmDialog
              title={t.confirmResetTotpTitle}
              confirmLabel={t.resetTotp}
              danger
              busy={resetTotp.isPending}
              onConfirm={() => resetTotp.mutate(resetting)}
              onCancel={() => setResetting(null)}
            >
              <p>{t.confirmResetTotpBody(t.userLabel(resetting.id, resetting.nickname))}</p>
              <label className="field">
                <span>{t.resetTotpReason}</span>
                <textarea
                  className="decision-reason"
                  name="reason"
                  maxLength={TOTP_RESET_REASON_MAX}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  data-testid="totp-reset-reason"
                />
              </label>
            </ConfirmDialog>
          )}
          {pending && (
            <ConfirmDialog
              title={pending.status === 'disabled' ? t.confirmDisableTitle : t.confirmEnableTitle}
              confirmLabel={pending.status === 'disabled' ? t.disable : t.enable}
              danger={pending.status === 'disabled'}
              busy={setStatus.isPending}
              onConfirm={() => setStatus.mutate(pending)}
              onCancel={() => setPending(null)}
            >
              <p>
                {(pending.status === 'disabled' ? t.confirmDisableBody : t.confirmEnableBody)(
                  t.userLabel(pending.user.id, pending.user.nickname),
                )}
              </p>
            </ConfirmDialog>
          )}
        </>
      }
    >
      {items.map((user) => (
        <tr key={user.id} data-testid={`user-row-${user.id}`}>
          <td className="mono">{user.id}</td>
          <td>{user.email ?? <span className="muted">{texts.common.none}</span>}</td>
          <td className="nowrap">{user.phone ?? <span className="muted">{texts.common.none}</span>}</td>
          <td className="mono ellipsis" title={user.walletAddress ?? undefined}>
            {user.walletAddress ?? <span className="muted">{texts.common.none}</span>}
          </td>
          <td>{user.nickname}</td>
          <td>
            <span className={`badge badge-${user.kind}`}>{t.kinds[user.kind] ?? user.kind}</span>
            {user.system && (
              <span className="badge badge-system" title={t.systemHint} data-testid="user-system">
                {t.system}
              </span>
            )}
          </td>
          <td>
            <span className={`badge badge-${user.status}`} data-testid="user-status">
              {t.statuses[user.status] ?? user.status}
            </span>
          </td>
          <td className="nowrap" title={user.createdAt}>
            {formatTime(user.createdAt)}
          </td>
          <td className="col-actions">
            <div className="row-actions">
              <Link to={`/users/${user.id}/ledger`} className="btn btn-small" data-testid="user-ledger-link">
                {t.ledger}
              </Link>
              {mayChangeStatus && !user.system && (
                <button
                  type="button"
                  className={`btn btn-small ${user.status === 'active' ? 'btn-danger-outline' : ''}`}
                  onClick={() => askChange(user)}
                  data-testid={`user-toggle-${user.id}`}
                >
                  {user.status === 'active' ? t.disable : t.enable}
                </button>
              )}
              {mayResetTotp && user.kind === 'real' && !user.system && (
                <button
                  type="button"
                  className="btn btn-small btn-danger-outline"
                  onClick={() => askReset(user)}
                  data-testid={`user-totp-reset-${user.id}`}
                >
                  {t.resetTotp}
                </button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </ListPage>
  );
}
