import { ComingSoon } from '../app/ComingSoon.tsx';

export default function SecurityPage() {
  return <ComingSoon icon="shield" text="settings.security.soon" />;
}
