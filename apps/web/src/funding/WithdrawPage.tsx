import { ComingSoon } from '../app/ComingSoon.tsx';

export default function WithdrawPage() {
  return <ComingSoon icon="withdraw" text="funding.withdraw.soon" />;
}
