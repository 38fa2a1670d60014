import { PickerPage } from '../market/PickerPage.tsx';

/** Perpetual trading: the instrument picker and chart now, the order ticket later. */
export default function FuturesPage() {
  return <PickerPage pick="perp" soon="perp.trade.soon" />;
}
