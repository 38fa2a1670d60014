import { ComingSoon } from '../app/ComingSoon.tsx';

export default function HistoryPage() {
  return <ComingSoon icon="clock" text="positions.history.soon" />;
}
