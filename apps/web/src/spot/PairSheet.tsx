import type { Instrument } from '@otc/protocol/market/schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Change, LivePrice, type useTickers } from '../market/index.ts';
import { tickDecimals } from '../money/format.ts';
import { searchPairs } from './pairSearch.ts';
import './book.css';

/** The trade screen's pair picker: a sheet listing the spot pairs, with a search by symbol or name. */
export function PairSheet({
  pairs,
  current,
  onPick,
  onClose,
  tickers,
}: {
  pairs: Instrument[];
  current: string;
  onPick: (symbol: string) => void;
  onClose: () => void;
  tickers: ReturnType<typeof useTickers>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const found = useMemo(() => searchPairs(pairs, text), [pairs, text]);
  return (
    <div className="spot-sheet-layer">
      <button
        type="button"
        className="spot-sheet-backdrop"
        onClick={onClose}
        aria-label={t('common.close')}
        tabIndex={-1}
      />
      <div className="spot-sheet" role="dialog" aria-modal="true" aria-label={t('spot.pairs')}>
        <div className="spot-sheet-head">
          <h2>{t('spot.pairs')}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="field pair-search">
          <div className="field-box">
            <input
              type="search"
              className="field-input"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('spot.pairSearch')}
              aria-label={t('spot.pairSearch')}
              autoComplete="off"
              enterKeyHint="search"
              data-testid="pair-search"
            />
          </div>
        </div>
        {found.length === 0 ? (
          <p className="spot-market-note" role="status" data-testid="pair-none">
            {t('spot.pairNone')}
          </p>
        ) : (
          <ul className="spot-sheet-list">
            {found.map((pair) => {
              const ticker = tickers.get(pair.symbol);
              return (
                <li key={pair.symbol}>
                  <button
                    type="button"
                    className={`spot-sheet-item${pair.symbol === current ? ' spot-sheet-item-on' : ''}`}
                    aria-current={pair.symbol === current}
                    onClick={() => onPick(pair.symbol)}
                    data-testid={`pair-${pair.symbol}`}
                  >
                    <span className="spot-sheet-symbol">{pair.symbol}</span>
                    <LivePrice price={ticker?.price} decimals={tickDecimals(pair.tickSize)} />
                    <Change change={ticker?.change24h} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
