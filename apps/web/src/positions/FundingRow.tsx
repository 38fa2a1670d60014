import type { PositionDetail } from '@otc/protocol/positions/schemas';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../app/useNow.ts';
import { useLang } from '../i18n/useLang.ts';
import { KeyValueRow } from '../money/screenParts.ts';
import { countdownText, percentText } from './ticket.ts';

/** A perpetual's next funding rate (+: longs pay) and the time left until it is charged. */
export function FundingRow({ detail, onDue }: { detail: PositionDetail; onDue: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const at = detail.nextFundingAt;
  const now = useNow(at !== null, 1000);
  const due = at !== null && now >= at;
  const onDueRef = useRef(onDue);
  onDueRef.current = onDue;
  // Charged: the next rate and time are the server's to tell (asked once per due moment).
  useEffect(() => {
    if (due) onDueRef.current();
  }, [due]);
  return (
    <>
      <KeyValueRow label={t('positions.ticket.fundingRate')}>
        <span data-testid="funding-rate" data-value={detail.fundingRate ?? ''}>
          {detail.fundingRate === null ? '--' : percentText(detail.fundingRate, 4, lang)}
        </span>
      </KeyValueRow>
      <KeyValueRow label={t('positions.ticket.nextFunding')}>
        <span data-testid="funding-countdown">{at === null ? '--' : countdownText(at, now)}</span>
      </KeyValueRow>
    </>
  );
}
