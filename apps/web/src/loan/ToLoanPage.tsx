import { ComingSoon } from '../app/ComingSoon.tsx';

export default function ToLoanPage() {
  return <ComingSoon icon="coins" text="loan.apply.soon" />;
}
