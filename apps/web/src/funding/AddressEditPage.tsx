import { ComingSoon } from '../app/ComingSoon.tsx';

export default function AddressEditPage() {
  return <ComingSoon icon="pin" text="funding.addressEdit.soon" />;
}
