import { ComingSoon } from '../app/ComingSoon.tsx';

export default function StockPage() {
  return <ComingSoon icon="chart" text="cfd.list.soon" />;
}
