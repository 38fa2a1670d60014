import { ComingSoon } from '../app/ComingSoon.tsx';

export default function WithdrawListPage() {
  return <ComingSoon icon="withdraw" text="funding.withdrawList.soon" />;
}
