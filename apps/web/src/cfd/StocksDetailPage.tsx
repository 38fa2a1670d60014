import { ComingSoon } from '../app/ComingSoon.tsx';

export default function StocksDetailPage() {
  return <ComingSoon icon="chart" text="cfd.detail.soon" />;
}
