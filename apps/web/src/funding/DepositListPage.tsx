import { ComingSoon } from '../app/ComingSoon.tsx';

export default function DepositListPage() {
  return <ComingSoon icon="deposit" text="funding.depositList.soon" />;
}
