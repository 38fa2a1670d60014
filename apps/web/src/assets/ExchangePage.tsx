import { ComingSoon } from '../app/ComingSoon.tsx';

export default function ExchangePage() {
  return <ComingSoon icon="exchange" text="assets.exchange.soon" />;
}
