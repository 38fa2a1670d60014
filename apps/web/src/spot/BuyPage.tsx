import { ComingSoon } from '../app/ComingSoon.tsx';

export default function BuyPage() {
  return <ComingSoon icon="trade" text="spot.trade.soon" />;
}
