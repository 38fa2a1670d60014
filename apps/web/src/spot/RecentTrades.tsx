import { CLOCK } from '@otc/core/display';
import { useTranslation } from 'react-i18next';
import { displayTime } from '../i18n/format.ts';
import { useLang } from '../i18n/useLang.ts';
import { formatPrice } from '../money/format.ts';
import { ScrollArea } from '../ui/ScrollArea.tsx';
import { formatQty } from './formatQty.ts';
import type { Realm } from './spotApi.ts';
import { useTape } from './useBook.ts';

/** The book's recent trades, newest first, each once (merged by trade id: `tape.ts`). */
export function RecentTrades({
  symbol,
  realm,
  decimals,
}: {
  symbol: string;
  realm: Realm;
  decimals: number;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const tape = useTape(symbol, realm);
  return (
    <section className="card spot-tape" aria-label={t('spot.trades.title')}>
      <h3 className="spot-tape-title">{t('spot.trades.title')}</h3>
      <div className="spot-cols">
        <span>{t('spot.book.price')}</span>
        <span>{t('spot.book.qty')}</span>
        <span>{t('spot.trades.time')}</span>
      </div>
      <ScrollArea className="spot-tape-scroll" label={t('spot.trades.title')}>
        <ul className="spot-tape-list" data-testid="recent-trades">
          {(tape ?? []).map((row) => {
            return (
              <li
                key={row.id}
                className="spot-trade"
                data-testid="trade-row"
                data-trade-id={row.id}
                data-side={row.takerSide}
              >
                <span className={row.takerSide === 'buy' ? 'mk-up spot-tone' : 'mk-down spot-tone'}>
                  {formatPrice(row.price, decimals, lang)}
                </span>
                <span>{formatQty(row.qty, lang)}</span>
                <span className="spot-trade-time">{displayTime(row.time, lang, CLOCK)}</span>
              </li>
            );
          })}
        </ul>
      </ScrollArea>
    </section>
  );
}
