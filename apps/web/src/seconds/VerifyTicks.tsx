import { type ChainCheck, verifyTickChain } from '@otc/core/market/tick-chain';
import type { SecondsOrder, SecondsTick } from '@otc/protocol/seconds/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { secondsApi } from './secondsApi.ts';

type Verdict = { check: ChainCheck; buy?: string; settle?: string } | 'not_kept';

/**
 * A settled contract's ticks recomputed in the browser (decision 0142): the stretch of the index's
 * hash chain from the buy tick to the end of the settlement tick's minute, checked against the
 * minutes' published heads by core's `verifyTickChain`; the contract's two ticks must be in it.
 */
export function VerifyTicks({ order }: { order: SecondsOrder }) {
  const { t } = useTranslation();
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
      const seqOf = (x: typeof buy) => chain.find((c) => c.ts === x.ts && c.source === x.source)?.seq;
      setVerdict({
        check: verifyTickChain(proof.previous, chain, proof.heads, [buy, settle]),
        buy: seqOf(buy),
        settle: seqOf(settle),
      });
    } finally {
      setBusy(false);
    }
  };
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
              ? t('seconds.verify.ok', { buy: verdict.buy, settle: verdict.settle })
              : t(`seconds.verify.failed.${verdict.check.reason}`)}
        </p>
      )}
    </div>
  );
}
