import { ComingSoon } from '../app/ComingSoon.tsx';

export default function OptionOrderPage() {
  return <ComingSoon icon="clock" text="seconds.orders.soon" />;
}
