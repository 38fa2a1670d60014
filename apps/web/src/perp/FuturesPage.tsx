import { ComingSoon } from '../app/ComingSoon.tsx';

export default function FuturesPage() {
  return <ComingSoon icon="futures" text="perp.trade.soon" />;
}
