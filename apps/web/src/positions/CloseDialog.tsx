import type { Position } from '@otc/protocol/positions/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanAmountInput } from '../money/amounts.ts';
import { AmountAsset } from '../money/screenParts.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field } from '../ui/Field.tsx';
import { unitsOf } from './ticket.ts';

/**
 * The close confirmation (seed §8): all the lots by default, or some of them (a partial close), at
 * market. `onConfirm` gets the lots, or undefined for all.
 */
export function CloseDialog({
  position,
  onConfirm,
  onCancel,
}: {
  position: Position;
  onConfirm: (lots: string | undefined) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [lots, setLots] = useState(position.lots);
  const [error, setError] = useState<string | undefined>();
  const ok = () => {
    const want = unitsOf(lots);
    const all = unitsOf(position.lots) ?? 0n;
    if (want === null || want <= 0n || want > all) {
      setError(t('positions.list.closeMax', { max: position.lots }));
      return;
    }
    onConfirm(want === all ? undefined : lots.trim());
  };
  return (
    <Dialog
      title={t('positions.list.closeTitle')}
      message={t('common.confirmClosePosition')}
      messageTestId="confirm-close"
      okText={t('positions.list.close')}
      onOk={ok}
      onCancel={onCancel}
    >
      <Field
        label={t('positions.list.closeLots')}
        name="closeLots"
        inputMode="decimal"
        autoComplete="off"
        value={lots}
        error={error}
        hint={t('positions.list.closeMax', { max: position.lots })}
        onChange={(e) => {
          setLots(cleanAmountInput(e.target.value));
          setError(undefined);
        }}
        addon={<AmountAsset asset={position.symbol.split(/[-/]/)[0] ?? ''} />}
      />
      <p className="pos-note">{t('positions.list.closeNote')}</p>
    </Dialog>
  );
}
