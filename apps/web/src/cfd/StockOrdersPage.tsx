import { ComingSoon } from '../app/ComingSoon.tsx';

export default function StockOrdersPage() {
  return <ComingSoon icon="clock" text="cfd.orders.soon" />;
}
