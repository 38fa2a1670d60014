import type { MarketStatus } from '@otc/protocol/market/constants';
import type { Instrument } from '@otc/protocol/market/schemas';
import { useTranslation } from 'react-i18next';
import type { TKey } from '../i18n/keys.ts';
import { Icon } from '../ui/Icon.tsx';

const REASONS: Record<NonNullable<Instrument['statusReason']>, TKey> = {
  session: 'market.notice.session',
  stale: 'market.notice.stale',
  admin: 'market.notice.admin',
};

export const STATUS_LABELS: Record<MarketStatus, TKey> = {
  open: 'market.status.open',
  closed: 'market.status.closed',
  halted: 'market.status.halted',
};

/** The market-closed notice: closed (outside trading hours) or halted (stale feed, operator). */
export function MarketNotice({
  status,
  reason,
}: {
  status: MarketStatus;
  reason: Instrument['statusReason'] | undefined;
}) {
  const { t } = useTranslation();
  if (status === 'open') return null;
  const fallback: Instrument['statusReason'] = status === 'closed' ? 'session' : null;
  const why = reason ?? fallback;
  return (
    <div className={`market-notice market-notice-${status}`} role="status" data-testid="market-closed">
      <Icon name={status === 'closed' ? 'clock' : 'lock'} size={18} />
      <div>
        <p className="market-notice-title">
          {t(status === 'closed' ? 'market.notice.closed' : 'market.notice.halted')}
        </p>
        {why && <p className="market-notice-reason">{t(REASONS[why])}</p>}
      </div>
    </div>
  );
}
