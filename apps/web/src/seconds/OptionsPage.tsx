import { PickerPage } from '../market/screens.ts';

/** Seconds contracts: the instrument picker and chart now, the order ticket later. */
export default function OptionsPage() {
  return <PickerPage pick="crypto" soon="seconds.trade.soon" />;
}
