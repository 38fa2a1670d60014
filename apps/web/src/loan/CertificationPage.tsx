import { ComingSoon } from '../app/ComingSoon.tsx';

export default function CertificationPage() {
  return <ComingSoon icon="id" text="loan.certification.soon" />;
}
