import { ComingSoon } from '../app/ComingSoon.tsx';

export default function HoldingPage() {
  return <ComingSoon icon="layers" text="positions.holding.soon" />;
}
