import { ComingSoon } from '../app/ComingSoon.tsx';

export default function HeyueDetailPage() {
  return <ComingSoon icon="chart" text="perp.detail.soon" />;
}
