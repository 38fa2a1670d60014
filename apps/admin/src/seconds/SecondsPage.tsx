import { secondsAdminEndpoints as admin } from '@otc/protocol/seconds/endpoints';
import type { AdminSecondsSettings } from '@otc/protocol/seconds/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../api/call.ts';
import { useCan } from '../api/can.ts';
import { ErrorAlert, SuccessAlert } from '../ui/Alert.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { TableWrap } from '../ui/TableWrap.tsx';
import { vipTexts } from '../vip/texts.ts';
import { secondsTexts } from './texts.ts';

const t = secondsTexts.seconds;
const KEY = ['admin', 'seconds'] as const;

/**
 * Seconds contracts in the back office: the product's switch (globally, and per country of the
 * users' verified nationality) and each instrument's profit ratios, for new contracts. Both audited.
 * Nothing here, nor anywhere, sets or changes a contract's outcome: prices alone decide.
 */
export function SecondsPage() {
  const client = useQueryClient();
  const can = useCan();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(admin.settings, undefined, signal),
  });
  const [notice, setNotice] = useState<string | null>(null);
  const saved = (data: AdminSecondsSettings, message: string) => {
    client.setQueryData(KEY, data);
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    setNotice(message);
  };
  return (
    <section className="page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {notice && <SuccessAlert onDismiss={() => setNotice(null)}>{notice}</SuccessAlert>}
      {settings.isError && <ErrorAlert error={settings.error} onRetry={() => settings.refetch()} />}
      {settings.data && (
        <>
          <SwitchForm
            settings={settings.data}
            mayEdit={can(admin.switch)}
            onSaved={(d) => saved(d, t.switchSaved)}
          />
          <p className="muted small" data-testid="seconds-open">
            {t.open(settings.data.openContracts)}
          </p>
          <RatiosTable
            settings={settings.data}
            mayEdit={can(admin.ratios)}
            onSaved={(d) => saved(d, t.ratiosSaved)}
          />
          <p className="muted small section-hint">{t.honesty}</p>
        </>
      )}
    </section>
  );
}

function SwitchForm({
  settings,
  mayEdit,
  onSaved,
}: {
  settings: AdminSecondsSettings;
  mayEdit: boolean;
  onSaved: (data: AdminSecondsSettings) => void;
}) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [countries, setCountries] = useState(settings.blockedCountries.join(', '));
  useEffect(() => {
    setEnabled(settings.enabled);
    setCountries(settings.blockedCountries.join(', '));
  }, [settings]);
  const save = useMutation({
    mutationFn: () =>
      call(admin.switch, {
        enabled,
        blockedCountries: countries
          .split(/[\s,]+/)
          .map((c) => c.trim())
          .filter(Boolean),
      }),
    onSuccess: onSaved,
  });
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2>{t.switchTitle}</h2>
      <label className="field-inline">
        <input
          type="checkbox"
          checked={enabled}
          disabled={!mayEdit}
          onChange={(e) => setEnabled(e.target.checked)}
          data-testid="seconds-enabled"
        />{' '}
        {t.enabled}
      </label>
      <label className="field">
        <span>{t.countries}</span>
        <input
          value={countries}
          disabled={!mayEdit}
          onChange={(e) => setCountries(e.target.value)}
          placeholder="GB, DE, FR"
          data-testid="seconds-countries"
        />
      </label>
      <p className="muted small">{t.countriesHint}</p>
      {save.isError && <ErrorAlert error={save.error} />}
      {mayEdit ? (
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.isPending}
          data-testid="seconds-switch-save"
        >
          {save.isPending ? vipTexts.vip.saving : t.save}
        </button>
      ) : (
        <p className="muted small">{t.adminOnly}</p>
      )}
    </form>
  );
}

function RatiosTable({
  settings,
  mayEdit,
  onSaved,
}: {
  settings: AdminSecondsSettings;
  mayEdit: boolean;
  onSaved: (data: AdminSecondsSettings) => void;
}) {
  const [draft, setDraft] = useState<Record<string, Record<number, string>>>({});
  const save = useMutation({
    mutationFn: (symbol: string) => {
      const instrument = settings.instruments.find((i) => i.symbol === symbol);
      const periods = (instrument?.periods ?? []).map((p) => ({
        seconds: p.seconds,
        ratio: draft[symbol]?.[p.seconds] ?? p.ratio,
      }));
      return call(admin.ratios, { symbol, periods });
    },
    onSuccess: (data, symbol) => {
      setDraft((d) => {
        const { [symbol]: _, ...rest } = d;
        return rest;
      });
      onSaved(data);
    },
  });
  return (
    <TableWrap label={t.ratios}>
      {save.isError && <ErrorAlert error={save.error} />}
      <table className="table table-compact" data-testid="seconds-ratios">
        <thead>
          <tr>
            <th>{t.instrument}</th>
            <th>{t.ratios}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {settings.instruments.map((i) => (
            <tr key={i.symbol} data-testid={`seconds-row-${i.symbol}`}>
              <td className="strong">{i.symbol}</td>
              <td>
                {i.periods.map((p) => (
                  <label key={p.seconds} className="field-inline">
                    {t.period(p.seconds)}{' '}
                    <input
                      size={6}
                      inputMode="decimal"
                      value={draft[i.symbol]?.[p.seconds] ?? p.ratio}
                      disabled={!mayEdit}
                      aria-label={`${i.symbol} ${t.period(p.seconds)}`}
                      onChange={(e) =>
                        setDraft((d) => ({
                          ...d,
                          [i.symbol]: { ...d[i.symbol], [p.seconds]: e.target.value.trim() },
                        }))
                      }
                    />{' '}
                    <span className="muted small">{t.breakEven(p.breakEven)}</span>
                  </label>
                ))}
              </td>
              <td>
                {mayEdit && draft[i.symbol] && (
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={save.isPending}
                    onClick={() => save.mutate(i.symbol)}
                  >
                    {t.save}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
