import { ComingSoon } from '../app/ComingSoon.tsx';

export default function TransferListPage() {
  return <ComingSoon icon="transfer" text="assets.transferList.soon" />;
}
