import { PickerPage } from '../market/screens.ts';

/** Perpetual trading: the instrument picker and chart now, the order ticket later. */
export default function FuturesPage() {
  return <PickerPage pick="perp" soon="perp.trade.soon" />;
}
