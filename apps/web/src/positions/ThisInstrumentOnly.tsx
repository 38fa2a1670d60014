import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cache } from '../api/storage.ts';
import { Switch } from '../ui/Switch.tsx';

/** The trading page's "This instrument only" choice, remembered on the device (as Assets' hide-zero). */
const KEY = 'positionsThisInstrumentOnly';
const REMEMBERED_SECONDS = 10 * 365 * 86_400;

/**
 * Whether the trading page lists only the chosen instrument's positions and orders. Off by default
 * (as Binance's "Hide other symbols"): a position on another instrument is never out of sight.
 */
export function useThisInstrumentOnly(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => cache.get<boolean>(KEY) === true);
  const set = (next: boolean) => {
    setOn(next);
    cache.set(KEY, next, REMEMBERED_SECONDS);
  };
  return [on, set];
}

export function ThisInstrumentOnly({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Switch
      className="pos-only"
      checked={on}
      onChange={onChange}
      label={t('positions.list.thisOnly')}
      testId="this-instrument-only"
    />
  );
}
