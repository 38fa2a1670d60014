import {
  INSTRUMENT_CLASSES,
  INSTRUMENT_KINDS,
  type InstrumentClassName,
  type InstrumentKind,
} from '@otc/protocol/market/constants';
import { marketAdminEndpoints } from '@otc/protocol/market/endpoints';
import type { Instrument } from '@otc/protocol/market/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { texts } from '../texts.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ListPage } from '../ui/ListPage.tsx';
import { RefreshButton } from '../ui/RefreshButton.tsx';
import { useListParams } from '../ui/useListParams.ts';
import { useNotice } from '../ui/useNotice.ts';
import { InstrumentEditDialog } from './InstrumentEditDialog.tsx';
import { marketTexts } from './texts.ts';

const t = marketTexts.instruments;

function parseKind(value: string): InstrumentKind | '' {
  return (INSTRUMENT_KINDS as readonly string[]).includes(value) ? (value as InstrumentKind) : '';
}

function parseClass(value: string): InstrumentClassName | '' {
  return (INSTRUMENT_CLASSES as readonly string[]).includes(value) ? (value as InstrumentClassName) : '';
}

/** Only an operator halt can be lifted from here; session and stale-feed halts follow the market. */
const isAdminHalted = (instrument: Instrument) => instrument.statusReason === 'admin';

interface PendingHalt {
  instrument: Instrument;
  halted: boolean;
}

export function InstrumentsPage() {
  const queryClient = useQueryClient();
  const { filters, setFilter } = useListParams(['kind', 'class'] as const);
  const kind = parseKind(filters.kind);
  const klass = parseClass(filters.class);
  const [pending, setPending] = useState<PendingHalt | null>(null);
  const [editing, setEditing] = useState<Instrument | null>(null);
  const notice = useNotice();

  // The registry is small: one request lists it all and the filters apply here.
  const instruments = useQuery({
    queryKey: queryKeys.instruments,
    queryFn: ({ signal }) => adminApi.instruments(signal),
  });

  const refreshAfterChange = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.instruments });
    void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
  };

  const setHalt = useMutation({
    mutationFn: (change: PendingHalt) =>
      adminApi.updateInstrument({ symbol: change.instrument.symbol, halted: change.halted }),
    onSuccess: (updated, change) => {
      notice.show(change.halted ? t.haltedNotice(updated.symbol) : t.resumedNotice(updated.symbol));
      setPending(null);
      refreshAfterChange();
    },
    onError: () => {
      setPending(null);
      // Someone else may have changed it meanwhile: show the list as it is now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.instruments });
    },
  });

  const askHalt = (instrument: Instrument) => {
    notice.clear();
    setHalt.reset();
    setPending({ instrument, halted: !isAdminHalted(instrument) });
  };

  const openEdit = (instrument: Instrument) => {
    notice.clear();
    setHalt.reset();
    setEditing(instrument);
  };

  const all = instruments.data?.items ?? [];
  const items = all.filter((i) => (!kind || i.kind === kind) && (!klass || i.class === klass));
  const mayEdit = useCan()(marketAdminEndpoints.update);

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      filters={
        <>
          <label className="field field-inline">
            <span>{t.kindLabel}</span>
            <select
              name="kind"
              value={kind}
              onChange={(event) => setFilter('kind', event.target.value)}
              data-testid="instruments-kind"
            >
              <option value="">{texts.common.all}</option>
              {INSTRUMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t.kinds[k] ?? k}
                </option>
              ))}
            </select>
          </label>
          <label className="field field-inline">
            <span>{t.classLabel}</span>
            <select
              name="class"
              value={klass}
              onChange={(event) => setFilter('class', event.target.value)}
              data-testid="instruments-class"
            >
              <option value="">{texts.common.all}</option>
              {INSTRUMENT_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {t.classes[c] ?? c}
                </option>
              ))}
            </select>
          </label>
        </>
      }
      toolbarEnd={
        <>
          {instruments.isSuccess && (
            <span className="muted small" data-testid="instruments-count">
              {t.count(items.length, all.length)}
            </span>
          )}
          <RefreshButton query={instruments} testId="instruments-refresh" />
        </>
      }
      rights={{ allowed: mayEdit, hint: t.adminOnlyHint }}
      notice={notice}
      notices={setHalt.isError && <ErrorAlert error={setHalt.error} />}
      query={instruments}
      testId="instruments-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.symbol,
        t.columns.name,
        t.columns.kind,
        t.columns.class,
        t.columns.status,
        { label: t.columns.tickSize, className: 'num' },
        { label: t.columns.lotSize, className: 'num' },
        { label: t.columns.minNotional, className: 'num' },
        { label: t.columns.maxLeverage, className: 'num' },
        { label: t.columns.fees, className: 'num' },
        { label: t.columns.stampDuty, className: 'num' },
        { label: t.columns.actions, className: 'col-actions' },
      ]}
      after={
        <>
          {pending && (
            <ConfirmDialog
              title={(pending.halted ? t.confirmHaltTitle : t.confirmResumeTitle)(pending.instrument.symbol)}
              confirmLabel={pending.halted ? t.halt : t.resume}
              danger={pending.halted}
              busy={setHalt.isPending}
              onConfirm={() => setHalt.mutate(pending)}
              onCancel={() => setPending(null)}
            >
              <p>{(pending.halted ? t.confirmHaltBody : t.confirmResumeBody)(pending.instrument.symbol)}</p>
            </ConfirmDialog>
          )}

          {editing && (
            <InstrumentEditDialog
              instrument={editing}
              onClose={() => setEditing(null)}
              onSaved={(updated) => {
                setEditing(null);
                notice.show(t.savedNotice(updated.symbol));
                refreshAfterChange();
              }}
            />
          )}
        </>
      }
    >
      {items.map((instrument) => {
        const adminHalted = isAdminHalted(instrument);
        return (
          <tr key={instrument.symbol} data-testid={`instrument-row-${instrument.symbol}`}>
            <td className="mono nowrap strong">{instrument.symbol}</td>
            <td>{instrument.name}</td>
            <td>
              <span className={`badge badge-${instrument.kind}`}>
                {t.kinds[instrument.kind] ?? instrument.kind}
              </span>
            </td>
            <td>{t.classes[instrument.class] ?? instrument.class}</td>
            <td>
              <span className={`badge badge-market-${instrument.status}`} data-testid="instrument-status">
                {t.statuses[instrument.status] ?? instrument.status}
              </span>
              {instrument.statusReason && (
                <div
                  className="muted small nowrap"
                  title={t.reasonHints[instrument.statusReason]}
                  data-testid="instrument-status-reason"
                >
                  {t.reasons[instrument.statusReason] ?? instrument.statusReason}
                </div>
              )}
            </td>
            <td className="num amount">{instrument.tickSize}</td>
            <td className="num amount">{instrument.lotSize}</td>
            <td className="num amount">{instrument.minNotional}</td>
            <td className="num amount">{t.leverage(instrument.maxLeverage)}</td>
            <td className="num amount">
              <span data-testid="instrument-maker-fee">{instrument.makerFee}</span>
              <span className="muted"> / </span>
              <span data-testid="instrument-taker-fee">{instrument.takerFee}</span>
            </td>
            <td className="num amount">{instrument.stampDuty}</td>
            <td className="col-actions">
              {mayEdit && (
                <div className="row-actions">
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => openEdit(instrument)}
                    data-testid={`edit-${instrument.symbol}`}
                  >
                    {t.edit}
                  </button>
                  {adminHalted ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => askHalt(instrument)}
                      data-testid={`resume-${instrument.symbol}`}
                    >
                      {t.resume}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-small btn-danger-outline"
                      onClick={() => askHalt(instrument)}
                      data-testid={`halt-${instrument.symbol}`}
                    >
                      {t.halt}
                    </button>
                  )}
                </div>
              )}
            </td>
          </tr>
        );
      })}
    </ListPage>
  );
}
