import { ComingSoon } from '../app/ComingSoon.tsx';

export default function VipPage() {
  return <ComingSoon icon="crown" text="settings.vip.soon" />;
}
