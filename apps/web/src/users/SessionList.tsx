import type { ActiveSession } from '@otc/protocol/users/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { confirm } from '../ui/dialog.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { toast } from '../ui/toast.ts';
import { securityApi, securityKeys } from './securityApi.ts';

/** The user's active sessions, this device first: end one, or all the others, each after a confirmation. */
export function SessionList() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: securityKeys.sessions, queryFn: securityApi.sessions });
  const [busy, setBusy] = useState<string | null>(null);
  if (!sessions.data)
    return (
      <section className="card">
        <QueryState
          pending={sessions.isPending}
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      </section>
    );
  const items = sessions.data.items;
  const others = items.filter((s) => !s.current);

  const run = async (key: string, question: string, action: () => Promise<unknown>, done: string) => {
    if (busy || !(await confirm(question, { okText: t('settings.security.end') }))) return;
    setBusy(key);
    try {
      await action();
      toast(done);
    } catch {
      // The request client has toasted why.
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: securityKeys.sessions });
    }
  };

  return (
    <>
      <ul className="menu session-list" data-testid="sessions">
        {items.map((s) => (
          <SessionRow
            key={s.id}
            session={s}
            busy={busy === s.id}
            onEnd={() =>
              void run(
                s.id,
                t('settings.security.confirmEnd', {
                  device: s.device ?? t('settings.security.unknownDevice'),
                }),
                () => securityApi.endSession(s.id),
                t('settings.security.ended'),
              )
            }
          />
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          variant="secondary"
          block
          className="settings-end-others"
          loading={busy === 'others'}
          data-testid="end-others"
          onClick={() =>
            void run(
              'others',
              t('settings.security.confirmEndOthers'),
              () => securityApi.endOtherSessions(),
              t('settings.security.endedOthers'),
            )
          }
        >
          {t('settings.security.endOthers')}
        </Button>
      )}
    </>
  );
}

function SessionRow({ session, busy, onEnd }: { session: ActiveSession; busy: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <li className="menu-row session-row" data-testid={session.current ? 'session-current' : 'session-other'}>
      <span className="menu-row-main">
        <span className="account-name">
          <span className="session-device">{session.device ?? t('settings.security.unknownDevice')}</span>
          {session.current && <span className="tag">{t('settings.security.thisDevice')}</span>}
        </span>
        <span className="menu-row-sub">
          {session.ip ? `${t('settings.security.ip', { ip: session.ip })} · ` : ''}
          {t('settings.security.lastSeen', { time: f.time(session.lastSeenAt ?? session.createdAt) })}
        </span>
      </span>
      {!session.current && (
        <Button variant="text" loading={busy} onClick={onEnd} data-testid="end-session">
          {t('settings.security.end')}
        </Button>
      )}
    </li>
  );
}
