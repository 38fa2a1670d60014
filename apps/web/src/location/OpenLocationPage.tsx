import { ComingSoon } from '../app/ComingSoon.tsx';

export default function OpenLocationPage() {
  return <ComingSoon icon="pin" text="location.open.soon" />;
}
