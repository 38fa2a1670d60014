import { ComingSoon } from '../app/ComingSoon.tsx';

export default function TransferPage() {
  return <ComingSoon icon="transfer" text="assets.transfer.soon" />;
}
