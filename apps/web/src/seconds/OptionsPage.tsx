import { ComingSoon } from '../app/ComingSoon.tsx';

export default function OptionsPage() {
  return <ComingSoon icon="clock" text="seconds.trade.soon" />;
}
