import { parseUnits } from '@otc/core/money/decimal';
import type { Position } from '@otc/protocol/positions/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstruments } from '../market/index.ts';
import { amountToSend, cleanAmountInput } from '../money/amounts.ts';
import { useFormat } from '../money/useFormat.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field } from '../ui/Field.tsx';
import { tpSlProblem } from './ticket.ts';

/**
 * A position's take profit and stop loss, checked against its entry (a long's TP above, SL below);
 * empty removes one. Triggered on the mark, closed at market: a gap fills past the trigger.
 */
export function TpSlDialog({
  position,
  onSave,
  onCancel,
}: {
  position: Position;
  onSave: (tp: string | null, sl: string | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const instrument = useInstruments().bySymbol.get(position.symbol);
  const [tp, setTp] = useState(position.tp ?? '');
  const [sl, setSl] = useState(position.sl ?? '');
  const [errors, setErrors] = useState<{ tp?: string; sl?: string }>({});
  const save = () => {
    const wrong = tpSlProblem(position.side, parseUnits(position.entryPrice), tp, sl);
    if (wrong) {
      setErrors({ [wrong.field]: t(`positions.ticket.${wrong.key}`) });
      return;
    }
    onSave(tp.trim() ? amountToSend(tp) : null, sl.trim() ? amountToSend(sl) : null);
  };
  const field = (name: 'tp' | 'sl', value: string, set: (v: string) => void) => (
    <Field
      label={t(name === 'tp' ? 'positions.ticket.tp' : 'positions.ticket.sl')}
      name={`edit-${name}`}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      placeholder={t('positions.list.tpslHint')}
      error={errors[name]}
      onChange={(e) => {
        set(cleanAmountInput(e.target.value));
        setErrors({});
      }}
    />
  );
  return (
    <Dialog
      title={t('positions.list.tpslTitle')}
      okText={t('positions.list.save')}
      onOk={save}
      onCancel={onCancel}
    >
      <p className="pos-note">
        {t('positions.list.entry')}: {f.price(position.entryPrice, instrument)}
      </p>
      {field('tp', tp, setTp)}
      {field('sl', sl, setSl)}
      <p className="pos-note">{t('positions.ticket.gapNote')}</p>
    </Dialog>
  );
}
