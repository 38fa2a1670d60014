import type { TickHeadList } from '@otc/protocol/market/schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNow } from '../app/useNow.ts';
import { useTabParam } from '../app/useTabParam.ts';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { copyText } from '../ui/copyText.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { toast } from '../ui/toast.ts';
import { tickHeadsApi, tickHeadsKeys } from './tickHeadsApi.ts';
import '../money/money.css';

const PAGE_SIZE = 30;
/** How often the page looks whether the newest minute has ended (its head is final then). */
const MINUTE_CHECK_MS = 5_000;

/**
 * `/pages/assets/tickHeads` (public): the published minute heads of the index tick chain of an
 * instrument seconds contracts trade, newest first (decisions 0142, 0152). A contract's "Verify the
 * ticks" ends at these: anyone can note them down and compare later.
 */
export default function TickHeadsPage() {
  const { t } = useTranslation();
  const symbols = useQuery({
    queryKey: tickHeadsKeys.symbols,
    queryFn: tickHeadsApi.symbols,
    staleTime: 60_000,
  });
  const [param, setSymbol] = useTabParam('symbol');
  const list = symbols.data ?? [];
  // A contract's link names its index; the page offers the instruments seconds contracts trade.
  const symbol = param && (list.includes(param) || !symbols.data) ? param : list[0];
  return (
    <div className="page-pad stack">
      <section className="card proof-intro">
        <Icon name="shield" size={24} />
        <div className="stack">
          <p data-testid="tick-heads-intro">{t('proof.ticks.intro')}</p>
          <p>{t('proof.ticks.howVerify')}</p>
        </div>
      </section>
      {symbols.data ? (
        <div className="proof-chips" role="radiogroup" aria-label={t('market.pick')}>
          {list.map((s) => (
            // biome-ignore lint/a11y/useSemanticElements: a chip row, not form radios
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={s === symbol}
              className={`proof-chip${s === symbol ? ' proof-chip-on' : ''}`}
              data-testid={`heads-pick-${s}`}
              onClick={() => setSymbol(s)}
            >
              {s}
            </button>
          ))}
        </div>
      ) : (
        <QueryState
          icon="shield"
          pending={symbols.isPending}
          error={symbols.error}
          onRetry={() => void symbols.refetch()}
        />
      )}
      {symbol && <HeadList key={symbol} symbol={symbol} />}
    </div>
  );
}

function HeadList({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const heads = useInfiniteQuery({
    queryKey: tickHeadsKeys.heads(symbol),
    queryFn: ({ pageParam }) => tickHeadsApi.heads(symbol, pageParam, PAGE_SIZE),
    initialPageParam: undefined as number | undefined,
    // Pages back from the oldest minute shown; a short page is the chain's beginning.
    getNextPageParam: (last: TickHeadList) =>
      last.items.length === PAGE_SIZE ? last.items.at(-1)?.minute : undefined,
  });
  const now = useNow(true, MINUTE_CHECK_MS);
  const copy = async (hash: string) => {
    toast((await copyText(hash)) ? t('common.copied') : t('common.copyFailed'));
  };
  if (!heads.data)
    return (
      <section className="card">
        <QueryState
          icon="shield"
          pending={heads.isPending}
          error={heads.error}
          onRetry={() => void heads.refetch()}
        />
      </section>
    );
  const items = heads.data.pages.flatMap((p) => p.items);
  return (
    <section className="card" data-testid="tick-heads" data-symbol={symbol}>
      <h2 className="card-title">{t('proof.ticks.listTitle', { symbol })}</h2>
      {items.length === 0 ? (
        <EmptyState icon="shield" title={t('proof.ticks.empty')} />
      ) : (
        <ul className="proof-reserves">
          {items.map((h) => (
            <li
              key={h.minute}
              className="proof-reserves-item"
              data-testid="tick-head"
              data-minute={h.minute}
              data-hash={h.hash}
            >
              <div className="proof-reserves-head">
                <time dateTime={new Date(h.minute).toISOString()}>{f.time(h.minute)}</time>
                <span>{t('proof.ticks.seq', { seq: h.seq })}</span>
              </div>
              {h.minute + 60_000 > now && (
                <p className="field-hint" data-testid="tick-head-running">
                  {t('proof.ticks.running')}
                </p>
              )}
              <div className="proof-root-box">
                <code className="proof-hash">{h.hash}</code>
                <Button
                  variant="text"
                  onClick={() => void copy(h.hash)}
                  aria-label={t('proof.ticks.copy', { time: f.time(h.minute) })}
                >
                  <Icon name="copy" size={16} />
                  {t('common.copy')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {heads.hasNextPage && (
        <div className="list-footer">
          <Button
            variant="secondary"
            loading={heads.isFetchingNextPage}
            onClick={() => void heads.fetchNextPage()}
            data-testid="tick-heads-more"
          >
            {t('proof.ticks.more')}
          </Button>
        </div>
      )}
    </section>
  );
}
