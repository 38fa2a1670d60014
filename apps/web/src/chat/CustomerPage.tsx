import { ComingSoon } from '../app/ComingSoon.tsx';

export default function CustomerPage() {
  return <ComingSoon icon="support" text="support.chat.soon" />;
}
