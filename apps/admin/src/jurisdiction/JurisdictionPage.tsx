import { jurisdictionAdminEndpoints as admin } from '@otc/protocol/jurisdiction/endpoints';
import { type JurisdictionProfile, LEVERAGE_CLASSES } from '@otc/protocol/jurisdiction/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/call.ts';
import { useCan } from '../api/can.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ListPage } from '../ui/ListPage.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { ProfileDialog } from './ProfileDialog.tsx';
import { jurisdictionTexts } from './texts.ts';

const t = jurisdictionTexts.jurisdiction;
const KEY = ['admin', 'jurisdictions'] as const;

/** Every country's profile; admins add, edit and delete them (each change audited). */
export function JurisdictionPage() {
  const client = useQueryClient();
  const can = useCan();
  const notice = useNotice();
  const [editing, setEditing] = useState<JurisdictionProfile | 'new' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(admin.list, undefined, signal) });
  const mayWrite = can(admin.save);
  const items = list.data?.items ?? [];
  const changed = (message: string) => {
    notice.show(message);
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
  const remove = useMutation({
    mutationFn: (country: string) => call(admin.remove, { country }),
    onSuccess: () => {
      setRemoving(null);
      changed(t.removedNotice);
    },
  });
  const capsOf = (p: JurisdictionProfile) => {
    const named = LEVERAGE_CLASSES.filter((c) => p.leverageCaps[c] !== undefined);
    return named.length === 0
      ? t.noCaps
      : named.map((c) => `${t.classes[c]} ${p.leverageCaps[c]}x`).join(' · ');
  };
  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      refreshTestId="jurisdiction-refresh"
      rights={{ allowed: mayWrite, hint: t.adminOnlyHint }}
      action={{
        label: t.create,
        testId: 'jurisdiction-create',
        onClick: () => {
          notice.clear();
          setEditing('new');
        },
      }}
      notice={notice}
      query={list}
      testId="jurisdiction-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.country,
        t.columns.seconds,
        t.columns.caps,
        t.columns.bonuses,
        t.columns.closeOut,
        ...(mayWrite ? [t.columns.actions] : []),
      ]}
      after={
        <>
          {editing && (
            <ProfileDialog
              profile={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                changed(t.savedNotice);
              }}
            />
          )}
          {removing && (
            <ConfirmDialog
              title={t.remove}
              confirmLabel={t.remove}
              danger
              busy={remove.isPending}
              onConfirm={() => remove.mutate(removing)}
              onCancel={() => setRemoving(null)}
            >
              <p>{t.confirmRemove(removing)}</p>
            </ConfirmDialog>
          )}
        </>
      }
    >
      {items.map((p) => (
        <tr key={p.country} data-testid={`jurisdiction-${p.country}`}>
          <td className="strong">{p.country}</td>
          <td data-testid="jurisdiction-seconds-state">{p.secondsAllowed ? t.on : t.off}</td>
          <td className="muted small" data-testid="jurisdiction-caps">
            {capsOf(p)}
          </td>
          <td>{p.cfdBonuses ? t.on : t.off}</td>
          <td className="muted small" data-testid="jurisdiction-close-out">
            {p.closeOutLevel === null ? t.noCloseOut : t.closeOutAt(p.closeOutLevel)}
          </td>
          {mayWrite && (
            <td className="nowrap">
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  notice.clear();
                  setEditing(p);
                }}
                data-testid="jurisdiction-edit"
              >
                {t.edit}
              </button>{' '}
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setRemoving(p.country)}
                data-testid="jurisdiction-remove"
              >
                {t.remove}
              </button>
            </td>
          )}
        </tr>
      ))}
    </ListPage>
  );
}
