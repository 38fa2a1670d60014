import { ledgerAdminEndpoints as admin } from '@otc/protocol/ledger/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call.ts';
import { amountClass, formatExact, formatTime } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { ledgerTexts } from './texts.ts';

const t = ledgerTexts.treasury;
const KEY = ['admin', 'treasury', 'exposure'] as const;
const sourceLabel = (source: string) => t.sources[source] ?? source;

/**
 * Treasury exposure (issue 26, decision 0126): per realm and asset, the treasury's balance, what
 * each area has promised to pay from it over the next 30 days, the total and what is left; a
 * warning above names every line whose promises exceed the balance. Exact figures, as the server
 * computes them. Any operator reads it.
 */
export function TreasuryExposurePage() {
  const exposure = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(admin.treasuryExposure, undefined, signal),
  });
  const data = exposure.data;
  const items = data?.items ?? [];
  const sources = data?.sources ?? [];
  const short = items.filter((i) => i.short);
  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      refreshTestId="treasury-refresh"
      notices={
        data && (
          <>
            <p className="muted small section-hint" data-testid="treasury-window">
              {t.window(formatTime(data.asOf), formatTime(data.until))}
            </p>
            {short.length > 0 ? (
              <div className="alert alert-error alert-block" role="alert" data-testid="treasury-short">
                <p>
                  <strong>{t.shortTitle}</strong>
                </p>
                <ul className="problems">
                  {short.map((i) => (
                    <li key={`${i.realm}-${i.asset}`}>
                      {t.short(
                        t.realms[i.realm] ?? i.realm,
                        i.asset,
                        formatExact(i.total),
                        formatExact(i.balance),
                        formatExact(i.left.replace('-', '')),
                      )}
                    </li>
                  ))}
                </ul>
                <p className="small">{t.shortHint}</p>
              </div>
            ) : (
              <div className="alert alert-success" role="status" data-testid="treasury-covered">
                <span>{t.covered}</span>
              </div>
            )}
          </>
        )
      }
      query={exposure}
      testId="treasury-table"
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.realm,
        t.columns.asset,
        { label: t.columns.balance, className: 'num' },
        ...sources.map((s) => ({ label: sourceLabel(s), className: 'num' })),
        { label: t.columns.total, className: 'num' },
        { label: t.columns.left, className: 'num' },
      ]}
    >
      {items.map((i) => (
        <tr key={`${i.realm}-${i.asset}`} data-testid={`treasury-${i.realm}-${i.asset}`}>
          <td>{t.realms[i.realm] ?? i.realm}</td>
          <td>{i.asset}</td>
          <td className={`num nowrap ${amountClass(i.balance)}`} data-testid="treasury-balance">
            {formatExact(i.balance)}
          </td>
          {sources.map((s) => (
            <td key={s} className="num nowrap amount" data-testid={`treasury-owed-${s}`}>
              {formatExact(i.owed.find((o) => o.source === s)?.amount ?? '0')}
            </td>
          ))}
          <td className="num nowrap amount strong" data-testid="treasury-total">
            {formatExact(i.total)}
          </td>
          <td className={`num nowrap strong ${amountClass(i.left)}`} data-testid="treasury-left">
            {formatExact(i.left)}
            {i.short && (
              <>
                {' '}
                <span className="badge badge-rejected">{t.shortFlag}</span>
              </>
            )}
          </td>
        </tr>
      ))}
    </ListPage>
  );
}
