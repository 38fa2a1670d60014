import type { PromoteInfo, RebateRecord, TeamMember } from '@otc/protocol/referral/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { useTabParam } from '../app/useTabParam.ts';
import { FRESH } from '../money/balances.ts';
import { KeyValueRow, QueryPage } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { copyText } from '../ui/copyText.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { InfiniteList } from '../ui/InfiniteList.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { toast } from '../ui/toast.ts';
import { AgentSummary } from './AgentPage.tsx';
import { shareableLink } from './inviteLink.ts';
import { referralApi, referralKeys } from './referralApi.ts';

const TABS = ['invite', 'team', 'records'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/pages/index/friend`: the caller's code and link (QR, copy), its rebates and agent level, its
 * team and records. Drawn with the kernel's pieces alone (see AgentPage).
 */
export default function FriendPage() {
  const { t } = useTranslation();
  const [param, setTab] = useTabParam();
  const tab: Tab = TABS.includes(param as Tab) ? (param as Tab) : 'invite';
  const info = useQuery({
    queryKey: referralKeys.info,
    queryFn: () => referralApi.info({ toast: false }),
    retry: false,
    ...FRESH,
  });
  if (isApiError(info.error) && info.error.key === 'referral_demo') {
    return (
      <div className="page-pad">
        <section className="card">
          <EmptyState icon="users" title={info.error.msg} />
        </section>
      </div>
    );
  }
  if (!info.data) return <QueryPage query={info} icon="users" />;
  return (
    <div className="page-pad stack">
      <Tabs
        tabs={TABS.map((id) => ({ id, label: t(`referral.invite.tabs.${id}`) }))}
        value={tab}
        onChange={setTab}
        testIdPrefix="referral-tab-"
        label={t('referral.invite.title')}
      />
      {tab === 'invite' && <InviteCard info={info.data} />}
      {tab === 'team' && <TeamList />}
      {tab === 'records' && <RecordList />}
    </div>
  );
}

function InviteCard({ info }: { info: PromoteInfo }) {
  const { t } = useTranslation();
  const f = useFormat();
  const link = shareableLink(info.link, window.location.origin);
  const copy = async (text: string) =>
    toast((await copyText(text)) ? t('common.copied') : t('common.copyFailed'));
  return (
    <>
      <section className="card stack" aria-label={t('referral.invite.code')}>
        <KeyValueRow label={t('referral.invite.code')} testId="referral-code">
          <strong>{info.inviteCode}</strong>
        </KeyValueRow>
        <QrCode text={link} label={t('referral.invite.qr')} testId="referral-qr" />
        <p className="field-hint" data-testid="referral-link">
          {link}
        </p>
        <Button block onClick={() => void copy(link)} data-testid="referral-copy-link">
          {t('referral.invite.copyLink')}
        </Button>
        <Button
          block
          variant="secondary"
          onClick={() => void copy(info.inviteCode)}
          data-testid="referral-copy-code"
        >
          {t('referral.invite.copyCode')}
        </Button>
        <p className="field-hint">{t('referral.invite.hint')}</p>
      </section>
      <section className="card" aria-label={t('referral.invite.rebates')}>
        <KeyValueRow label={t('referral.invite.count')} testId="referral-count">
          {info.count}
        </KeyValueRow>
        <KeyValueRow label={t('referral.invite.today')} testId="referral-today">
          {f.usdt(info.todayRebate)} {info.asset}
        </KeyValueRow>
        <KeyValueRow label={t('referral.invite.month')} testId="referral-month">
          {f.usdt(info.monthRebate)} {info.asset}
        </KeyValueRow>
        <KeyValueRow label={t('referral.invite.total')} testId="referral-total">
          {f.usdt(info.totalRebate)} {info.asset}
        </KeyValueRow>
      </section>
      <AgentSummary />
    </>
  );
}

function TeamList() {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <InfiniteList<TeamMember>
      queryKey={referralKeys.team}
      fetchPage={referralApi.team}
      itemKey={(m) => `${m.joinedAt}:${m.contact}`}
      emptyIcon="users"
      renderItem={(m) => (
        <div className="menu-row" data-testid="referral-member">
          <span className="menu-row-main">
            <span>{m.contact}</span>
            <span className="menu-row-sub">{t('referral.invite.joined', { time: f.time(m.joinedAt) })}</span>
          </span>
          <span className={m.valid ? 'menu-row-check' : 'menu-row-sub'}>
            {t(m.valid ? 'referral.invite.valid' : 'referral.invite.notValid')}
          </span>
        </div>
      )}
    />
  );
}

function RecordList() {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <InfiniteList<RebateRecord>
      queryKey={referralKeys.rebates}
      fetchPage={referralApi.rebates}
      itemKey={(r) => r.id}
      emptyIcon="users"
      renderItem={(r) => (
        <div className="menu-row" data-testid="referral-record">
          <span className="menu-row-main">
            <span>{t('referral.invite.recordDay', { day: r.day })}</span>
            <span className="menu-row-sub">
              {t('referral.invite.recordFees', { fees: f.usdt(r.feeTotal), ratio: f.percent(r.ratio) })}
            </span>
          </span>
          <strong>
            +{f.usdt(r.rebate)} {r.asset}
          </strong>
        </div>
      )}
    />
  );
}
