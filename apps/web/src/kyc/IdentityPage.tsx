import { ComingSoon } from '../app/ComingSoon.tsx';

export default function IdentityPage() {
  return <ComingSoon icon="id" text="kyc.identity.soon" />;
}
