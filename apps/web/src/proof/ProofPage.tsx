import { checkInclusion, type InclusionCheck } from '@otc/core/proof/merkle';
import type { MyInclusion, ProofSnapshot } from '@otc/protocol/proof/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { saveBlob } from '../api/saveBlob.ts';
import { useSession } from '../api/useSession.ts';
import { TICK_HEADS_PATH } from '../app/paths.ts';
import { moneyApi, moneyKeys } from '../money/assetsApi.ts';
import { useAssetInfo } from '../money/balances.ts';
import { KeyValueRow, QueryState } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { copyText } from '../ui/copyText.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { toast } from '../ui/toast.ts';
import { proofFile } from './proofFile.ts';
import { ReservesCard } from './ReservesCard.tsx';
import { SnapshotHistory } from './SnapshotHistory.tsx';
import '../money/money.css';

/** `/pages/assets/proof`: the published liabilities and the user's own Merkle inclusion proof. */
export default function ProofPage() {
  const { t } = useTranslation();
  // A demo account is never in the tree (its money is play money): it is told so, not "next time".
  const demo = useSession().user?.kind === 'demo';
  const latest = useQuery({
    queryKey: moneyKeys.proofLatest,
    queryFn: () => moneyApi.proofLatest({ toast: false }),
  });
  const mine = useQuery({
    queryKey: moneyKeys.proofMine,
    queryFn: () => moneyApi.proofMine({ toast: false }),
    enabled: latest.isSuccess && !demo,
  });

  const unavailable = isApiError(latest.error) && latest.error.key === 'proof_unavailable';
  return (
    <div className="page-pad stack">
      <section className="card proof-intro">
        <Icon name="shield" size={24} />
        <p data-testid="proof-intro">{t('proof.intro')}</p>
      </section>
      {unavailable ? (
        <section className="card">
          <EmptyState icon="shield" title={t('proof.unavailable')} />
        </section>
      ) : latest.data ? (
        <>
          <SnapshotCard snapshot={latest.data} />
          <ReservesCard snapshot={latest.data} />
          {demo ? (
            <section className="card" data-testid="proof-demo">
              <EmptyState icon="user" title={t('proof.demoExcluded')} />
            </section>
          ) : (
            <MineCard published={latest.data} mine={mine} />
          )}
          <SnapshotHistory />
        </>
      ) : (
        <section className="card">
          <QueryState
            icon="shield"
            pending={latest.isPending}
            error={latest.error}
            onRetry={() => void latest.refetch()}
          />
        </section>
      )}
      {/* The other proof the platform publishes: seconds contracts' ticks (decisions 0142, 0152). */}
      <Link to={TICK_HEADS_PATH} className="menu menu-row" data-testid="tick-heads-link">
        <span className="menu-row-icon-soft">
          <Icon name="shield" size={20} />
        </span>
        <span className="menu-row-main">
          <span>{t('proof.ticks.title')}</span>
          <span className="menu-row-sub">{t('proof.ticks.linkHint')}</span>
        </span>
        <Icon name="chevron" size={18} />
      </Link>
    </div>
  );
}

function SnapshotCard({ snapshot }: { snapshot: ProofSnapshot }) {
  const { t } = useTranslation();
  const f = useFormat();
  const assetInfo = useAssetInfo();
  const copyRoot = async () => {
    toast((await copyText(snapshot.root)) ? t('common.copied') : t('common.copyFailed'));
  };
  return (
    <section className="card">
      <h2 className="card-title">{t('proof.snapshot')}</h2>
      <div className="proof-root-box">
        <span className="kv-label">{t('proof.root')}</span>
        <code className="proof-hash" data-testid="proof-root">
          {snapshot.root}
        </code>
        <Button variant="text" onClick={() => void copyRoot()} data-testid="copy-root">
          <Icon name="copy" size={16} />
          {t('common.copy')}
        </Button>
      </div>
      <KeyValueRow label={t('proof.time')} testId="proof-time">
        {f.time(snapshot.createdAt)}
      </KeyValueRow>
      <KeyValueRow label={t('proof.users')} testId="proof-users">
        {new Intl.NumberFormat(f.lang).format(snapshot.userCount)}
      </KeyValueRow>
      <h3 className="card-subtitle">{t('proof.totals')}</h3>
      {snapshot.totals.length === 0 && <p className="field-hint">{t('proof.noTotals')}</p>}
      {snapshot.totals.map((total) => (
        <KeyValueRow key={total.asset} label={total.asset} testId={`proof-total-${total.asset}`}>
          {f.money(total.total, assetInfo(total.asset))}
        </KeyValueRow>
      ))}
    </section>
  );
}

function MineCard({
  published,
  mine,
}: {
  published: ProofSnapshot;
  mine: { data: MyInclusion | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
}) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const assetInfo = useAssetInfo();
  const [result, setResult] = useState<{ proofLeaf: string; check: InclusionCheck } | null>(null);
  const proof = mine.data;

  if (!proof) {
    return (
      <section className="card">
        <QueryState
          icon="shield"
          pending={mine.isPending}
          error={mine.error}
          onRetry={() => void mine.refetch()}
        />
      </section>
    );
  }
  // Not in this snapshot yet (a new account, or one that held nothing then): when it may join.
  if (!proof.included) {
    return (
      <section className="card" data-testid="proof-not-included">
        <EmptyState
          icon="user"
          title={t('proof.notIncluded')}
          text={t('proof.nextSnapshot', { time: f.time(proof.nextAt) })}
        />
      </section>
    );
  }

  // Checked against the published root when the proof is for the published snapshot.
  const publishedRoot = published.id === proof.snapshot.id ? published.root : undefined;
  const verify = () => setResult({ proofLeaf: proof.leaf, check: checkInclusion(proof, publishedRoot) });
  const download = () => {
    const file = proofFile(proof);
    saveBlob(new Blob([file.text], { type: 'application/json' }), file.name);
  };
  const check = result?.proofLeaf === proof.leaf ? result.check : null;

  return (
    <section className="card">
      <h2 className="card-title">{t('proof.mine')}</h2>
      {proof.snapshot.id !== published.id && (
        <KeyValueRow label={t('proof.time')}>{f.time(proof.snapshot.createdAt)}</KeyValueRow>
      )}
      {proof.balances.length === 0 ? (
        <p className="field-hint">{t('proof.noBalances')}</p>
      ) : (
        proof.balances.map((b) => (
          <KeyValueRow key={b.asset} label={b.asset} testId={`proof-balance-${b.asset}`}>
            {f.money(b.amount, assetInfo(b.asset))}
          </KeyValueRow>
        ))
      )}
      <div className="proof-root-box">
        <span className="kv-label">{t('proof.leaf')}</span>
        <code className="proof-hash" data-testid="proof-leaf">
          {proof.leaf}
        </code>
      </div>
      <div className="proof-actions">
        <Button block onClick={verify} data-testid="verify-proof">
          <Icon name="shield" size={18} />
          {t('proof.verify')}
        </Button>
        <Button variant="ghost" block onClick={download} data-testid="download-proof">
          <Icon name="deposit" size={18} />
          {t('proof.download')}
        </Button>
      </div>
      {/* The one-file checker that calls nothing (decision 0140), in the reader's language. */}
      <a
        className="proof-offline-link"
        href={`verify-proof.html?lang=${encodeURIComponent(i18n.language)}`}
        target="_blank"
        rel="noopener"
        data-testid="offline-proof-link"
      >
        {t('proof.offline')}
      </a>
      {check && (
        <p
          className={`proof-result ${check.ok ? 'proof-result-ok' : 'proof-result-fail'}`}
          role="status"
          data-testid="proof-result"
          data-ok={check.ok}
        >
          <Icon name={check.ok ? 'check' : 'shield'} size={20} />
          <span>{check.ok ? t('proof.included') : t(`proof.failed.${check.reason}`)}</span>
        </p>
      )}
    </section>
  );
}
