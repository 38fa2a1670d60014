import { type ChainCheck, type VenueTrade, verifyTickChain } from '@otc/core/market/tick-chain';
import type { SecondsOrder, SecondsTick } from '@otc/protocol/seconds/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tickHeadsPath } from '../app/paths.ts';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { secondsApi } from './secondsApi.ts';
import '../money/money.css';

type Found = { seq?: string; trade?: VenueTrade };
type Verdict =
  | {
      check: ChainCheck;
      symbol: string;
      buy: Found;
      settle: Found;
      heads: { minute: number; hash: string }[];
    }
  | 'not_kept';

/** A venue's name as stored (`binance`) as a reader expects it (Binance). */
const venueName = (venue: string) => venue.charAt(0).toUpperCase() + venue.slice(1);

/**
 * A settled contract's ticks recomputed in the browser (decision 0142): the stretch of the index's
 * hash chain from the buy tick to the end of the settlement tick's minute, checked against the
 * minutes' published heads by core's `verifyTickChain`; the contract's two ticks must be in it.
 * With a venue feed, each tick's venue trade is shown, for the user to find in the venue's public
 * trades (decision 0152); the published heads are one link away.
 */
export function VerifyTicks({ order }: { order: SecondsOrder }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const verify = async () => {
    setBusy(true);
    try {
      const proof = await secondsApi.proof(order.id);
      if (!proof.available) return setVerdict('not_kept');
      const chain = proof.ticks.map((x) => ({ ...x, symbol: proof.symbol }));
      const asTick = (x: SecondsTick | null) => ({
        symbol: proof.symbol,
        ts: Date.parse(x?.ts ?? ''),
        price: x?.price ?? '',
        source: x?.source ?? '',
      });
      const [buy, settle] = [asTick(order.buy), asTick(order.settle)];
      const found = (x: typeof buy): Found => {
        const c = chain.find((c) => c.ts === x.ts && c.source === x.source);
        return { ...(c ? { seq: c.seq } : {}), ...(c?.trade ? { trade: c.trade } : {}) };
      };
      setVerdict({
        check: verifyTickChain(proof.previous, chain, proof.heads, [buy, settle]),
        symbol: proof.symbol,
        buy: found(buy),
        settle: found(settle),
        heads: proof.heads,
      });
    } finally {
      setBusy(false);
    }
  };
  const tradeLine = (
    key: 'buyTrade' | 'settleTrade',
    trade: VenueTrade | undefined,
    price: string | undefined,
  ) =>
    trade && (
      <p className="field-hint" data-testid={`verify-${key}`}>
        {t(`seconds.verify.${key}`, {
          venue: venueName(trade.venue),
          id: trade.id,
          price: f.amount(price ?? '0', 8),
        })}
      </p>
    );
  return (
    <div className="seconds-verify">
      <Button variant="ghost" block onClick={() => void verify()} disabled={busy} data-testid="verify-ticks">
        {t('seconds.verify.button')}
      </Button>
      {verdict && (
        <p
          role="status"
          className="field-hint"
          data-testid="verify-ticks-result"
          data-ok={verdict !== 'not_kept' && verdict.check.ok}
        >
          {verdict === 'not_kept'
            ? t('seconds.verify.notKept')
            : verdict.check.ok
              ? t('seconds.verify.ok', { buy: verdict.buy.seq, settle: verdict.settle.seq })
              : t(`seconds.verify.failed.${verdict.check.reason}`)}
        </p>
      )}
      {verdict && verdict !== 'not_kept' && (
        <>
          {tradeLine('buyTrade', verdict.buy.trade, order.buy?.price)}
          {tradeLine('settleTrade', verdict.settle.trade, order.settle?.price)}
          {verdict.check.ok && (
            <>
              <p className="field-hint">{t('seconds.verify.endsAt')}</p>
              <ul className="seconds-verify-list">
                {verdict.heads.map((h) => (
                  <li key={h.minute} data-testid="verify-head" data-minute={h.minute} data-hash={h.hash}>
                    <span className="field-hint">{f.time(h.minute)}</span>
                    <code className="proof-hash">{h.hash}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
          {(verdict.buy.trade || verdict.settle.trade) && (
            <p className="field-hint">{t('seconds.verify.tradeHint')}</p>
          )}
          <Link
            to={tickHeadsPath(verdict.symbol)}
            className="seconds-verify-heads"
            data-testid="verify-heads-link"
          >
            {t('seconds.verify.heads')}
          </Link>
        </>
      )}
    </div>
  );
}
