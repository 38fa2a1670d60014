import { ComingSoon } from '../app/ComingSoon.tsx';

export default function ActivityPage() {
  return <ComingSoon icon="gift" text="activity.list.soon" />;
}
