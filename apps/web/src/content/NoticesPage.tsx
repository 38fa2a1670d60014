import { ComingSoon } from '../app/ComingSoon.tsx';

export default function NoticesPage() {
  return <ComingSoon icon="bell" text="content.notices.soon" />;
}
