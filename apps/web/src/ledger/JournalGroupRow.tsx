import type { AccountLogEntry } from '@otc/protocol/ledger/schemas';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { groupNet, type JournalGroup, journalKindKey } from './journalKinds.ts';

type Display = { displayDecimals: number } | undefined;

/**
 * One row of balance history: an order ("Buy BTC/USDT") with what it changed in total, opening on
 * its movements (frozen, filled, released), or a single movement by its label.
 */
export function JournalGroupRow({ group, asset }: { group: JournalGroup; asset: Display }) {
  const { t } = useTranslation();
  const f = useFormat();
  const newest = group.entries[0] as AccountLogEntry;
  const title = group.order
    ? t(`assets.journal.order.${group.order.side}`, { symbol: group.order.symbol })
    : t(group.kindKey);
  const head = (
    <>
      <div className="record-main">
        <span className="record-title" data-testid="record-kind">
          {title}
          {!group.order && newest.field === 'frozen' && (
            <span className="tag-soft">{t('assets.overview.frozen')}</span>
          )}
        </span>
        <span className="record-sub">{f.time(newest.createdAt)}</span>
      </div>
      <SignedAmount amount={groupNet(group)} asset={newest.asset} display={asset} testId="record-amount" />
    </>
  );
  if (!group.order) {
    return (
      <div className="record" data-testid="record-row">
        {head}
      </div>
    );
  }
  return (
    <details className="record-group" data-testid="record-row">
      <summary className="record">{head}</summary>
      <ul className="record-lines">
        {group.entries.map((entry) => (
          <li key={entry.id} className="record-line" data-testid="record-line">
            <span>
              {t(journalKindKey(entry.kind))}
              {entry.field === 'frozen' && <span className="tag-soft">{t('assets.overview.frozen')}</span>}
            </span>
            <SignedAmount amount={entry.amount} display={asset} />
          </li>
        ))}
      </ul>
    </details>
  );
}
