import type { AccountLogEntry } from '@otc/protocol/ledger/schemas';
import { useTranslation } from 'react-i18next';
import type { JournalLabels } from '../app/area.ts';
import { SignedAmount } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { groupFrozen, groupNet, type JournalGroup, journalLines } from './journalKinds.ts';

type Display = { displayDecimals: number } | undefined;

/**
 * One row of balance history: an order ("Buy BTC/USDT") with what it changed in total, opening on
 * its movements (frozen, filled and its fee, released), or a single movement by its label.
 */
export function JournalGroupRow({
  group,
  asset,
  labels,
}: {
  group: JournalGroup;
  asset: Display;
  labels: JournalLabels;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const newest = group.entries[0] as AccountLogEntry;
  const net = groupNet(group);
  // An open order has changed nothing yet but what it holds frozen: show that, tagged.
  const holding = group.order && net === '0' ? groupFrozen(group) : '0';
  const title = group.order
    ? t(`assets.journal.order.${group.order.side}`, { symbol: group.order.symbol })
    : t(group.kindKey);
  const head = (
    <>
      <div className="record-main">
        <span className="record-title">
          <span data-testid="record-kind">{title}</span>
          {((!group.order && newest.field === 'frozen') || holding !== '0') && (
            <span className="tag-soft">{t('assets.overview.frozen')}</span>
          )}
        </span>
        <span className="record-sub">{f.time(newest.createdAt)}</span>
      </div>
      <SignedAmount
        amount={holding !== '0' ? holding : net}
        asset={newest.asset}
        display={asset}
        testId="record-amount"
      />
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
        {group.entries
          .flatMap((entry) => journalLines(entry, labels))
          .map((line) => (
            <li key={line.key} className="record-line" data-testid="record-line">
              <span>
                {t(line.labelKey)}
                {line.field === 'frozen' && <span className="tag-soft">{t('assets.overview.frozen')}</span>}
              </span>
              <SignedAmount amount={line.amount} display={asset} />
            </li>
          ))}
      </ul>
    </details>
  );
}
