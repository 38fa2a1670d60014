import { ComingSoon } from '../app/ComingSoon.tsx';

export default function ToLoanListPage() {
  return <ComingSoon icon="coins" text="loan.records.soon" />;
}
