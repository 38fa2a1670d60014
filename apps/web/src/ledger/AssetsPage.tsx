import type { AccountBalances, AssetInfo } from '@otc/protocol/ledger/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cache, STORAGE_KEYS } from '../api/storage.ts';
import { useSession } from '../api/useSession.ts';
import { ACCOUNT_DETAIL_PATH, PROOF_PATH, SETTINGS_PATH } from '../app/paths.ts';
import { type Shortcut, ShortcutGrid } from '../app/ShortcutGrid.tsx';
import { ProfileCard } from '../auth/index.ts';
import {
  ACCOUNT_KINDS,
  ACCOUNT_TAB_LABELS,
  type AccountKind,
  hidesZeroBalances,
  isAccountKind,
  visibleBalances,
} from '../money/amounts.ts';
import { useOverview } from '../money/balances.ts';
import { QueryState, Tabs } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { useLiveMoney } from '../money/useLiveMoney.ts';
import { NoticeBell } from '../notifications/index.ts';
import { DemoBadge } from '../ui/DemoBadge.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Switch } from '../ui/Switch.tsx';
import '../money/money.css';

const ACTIONS: readonly Shortcut[] = [
  { path: '/pages/assets/recharge', icon: 'deposit' },
  { path: '/pages/assets/tibi', icon: 'withdraw' },
  { path: '/pages/index/Transfer', icon: 'transfer' },
  { path: '/pages/index/Exchange', icon: 'exchange' },
];

/** The "Hide zero balances" choice outlives the cache's default week: it is a setting, not a cache. */
const REMEMBERED_SECONDS = 10 * 365 * 86_400;

export default function AssetsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="page-pad stack">
      <ProfileCard
        user={user}
        action={
          <div className="assets-profile-actions">
            <NoticeBell userId={user.id} />
            <Link
              to={SETTINGS_PATH}
              className="icon-btn"
              aria-label={t('assets.overview.settings')}
              title={t('assets.overview.settings')}
              data-testid="settings-link"
            >
              <Icon name="settings" />
            </Link>
          </div>
        }
      />
      <ShortcutGrid shortcuts={ACTIONS} />
      <Balances />
      <Link to={PROOF_PATH} className="menu menu-row" data-testid="proof-link">
        <span className="menu-row-icon-soft">
          <Icon name="shield" size={20} />
        </span>
        <span className="menu-row-main">
          <span>{t('proof.title')}</span>
          <span className="menu-row-sub">{t('assets.overview.proofHint')}</span>
        </span>
        <Icon name="chevron" size={18} />
      </Link>
    </div>
  );
}

function Balances() {
  const { t } = useTranslation();
  const f = useFormat();
  const overview = useOverview();
  useLiveMoney();
  const [params, setParams] = useSearchParams();
  const requested = params.get('account');
  const account: AccountKind = isAccountKind(requested) ? requested : 'funding';
  const [hideZero, setHideZero] = useState(() => hidesZeroBalances(cache.get(STORAGE_KEYS.hideZero)));

  const chooseAccount = (kind: AccountKind) => {
    const next = new URLSearchParams(params);
    next.set('account', kind);
    setParams(next, { replace: true });
  };
  const toggleHideZero = (on: boolean) => {
    setHideZero(on);
    cache.set(STORAGE_KEYS.hideZero, on, REMEMBERED_SECONDS);
  };

  const data = overview.data;
  if (!data) {
    return (
      <section className="card">
        <QueryState
          pending={overview.isPending}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      </section>
    );
  }

  const byKind = new Map(data.accounts.map((a) => [a.kind, a]));
  const current = byKind.get(account);
  const assetInfo = new Map(data.assets.map((a) => [a.code, a]));
  const rows = visibleBalances(current?.balances ?? [], hideZero);

  return (
    <>
      <section className="card money-total">
        <div className="money-total-label">
          <span>{t('assets.overview.totalValue')} (USDT)</span>
          {data.realm === 'demo' && <DemoBadge testId="assets-demo" />}
        </div>
        <div className="money-total-value" data-testid="total-usdt">
          {f.usdt(data.totalUsdt)}
        </div>
      </section>
      <section className="card money-accounts">
        <Tabs
          variant="segmented"
          testIdPrefix="account-tab-"
          value={account}
          onChange={chooseAccount}
          tabs={ACCOUNT_KINDS.map((kind) => ({
            id: kind,
            label: (
              <>
                <span className="money-tab-label">{t(ACCOUNT_TAB_LABELS[kind])}</span>
                <span className="money-tab-value">≈ {f.usdt(byKind.get(kind)?.valueUsdt ?? '0')}</span>
              </>
            ),
          }))}
        />
        <Switch
          checked={hideZero}
          onChange={toggleHideZero}
          label={t('assets.overview.hideZero')}
          testId="hide-zero"
        />
        {rows.length === 0 ? (
          <EmptyState icon="coins" title={t('assets.overview.noBalances')} />
        ) : (
          <ul className="balance-list" data-testid={`balances-${account}`}>
            {rows.map((row) => (
              <BalanceRow key={row.asset} account={account} row={row} info={assetInfo.get(row.asset)} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function BalanceRow({
  account,
  row,
  info,
}: {
  account: AccountKind;
  row: AccountBalances['balances'][number];
  info: AssetInfo | undefined;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const to = `${ACCOUNT_DETAIL_PATH}?${new URLSearchParams({ account, asset: row.asset })}`;
  return (
    <li>
      <Link to={to} className="balance-row" data-testid={`balance-row-${row.asset}`}>
        <span className="balance-head">
          <span className="balance-asset">{row.asset}</span>
          {info && info.name !== row.asset && <span className="balance-name">{info.name}</span>}
        </span>
        <span className="balance-grid">
          <span className="balance-cell">
            <span className="balance-label">{t('assets.overview.available')}</span>
            <span data-testid={`balance-available-${row.asset}`}>{f.money(row.available, info)}</span>
          </span>
          <span className="balance-cell">
            <span className="balance-label">{t('assets.overview.frozen')}</span>
            <span data-testid={`balance-frozen-${row.asset}`}>{f.money(row.frozen, info)}</span>
          </span>
          <span className="balance-cell balance-cell-end">
            <span className="balance-label">{t('assets.overview.total')}</span>
            <span data-testid={`balance-total-${row.asset}`}>{f.money(row.total, info)}</span>
            <span className="balance-value">≈ {f.usdt(row.valueUsdt)} USDT</span>
          </span>
        </span>
      </Link>
    </li>
  );
}
