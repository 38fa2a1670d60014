import { ComingSoon } from '../app/ComingSoon.tsx';

export default function EscrowOrdersPage() {
  return <ComingSoon icon="earn" text="earn.escrowOrders.soon" />;
}
