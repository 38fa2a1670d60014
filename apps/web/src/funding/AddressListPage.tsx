import { ComingSoon } from '../app/ComingSoon.tsx';

export default function AddressListPage() {
  return <ComingSoon icon="pin" text="funding.addresses.soon" />;
}
