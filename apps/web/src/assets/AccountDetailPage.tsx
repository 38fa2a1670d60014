import { ComingSoon } from '../app/ComingSoon.tsx';

export default function AccountDetailPage() {
  return <ComingSoon icon="wallet" text="assets.accountDetail.soon" />;
}
