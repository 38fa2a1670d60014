import { ComingSoon } from '../app/ComingSoon.tsx';

export default function FutureListPage() {
  return <ComingSoon icon="futures" text="perp.list.soon" />;
}
