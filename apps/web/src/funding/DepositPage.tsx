import { ComingSoon } from '../app/ComingSoon.tsx';

export default function DepositPage() {
  return <ComingSoon icon="deposit" text="funding.deposit.soon" />;
}
