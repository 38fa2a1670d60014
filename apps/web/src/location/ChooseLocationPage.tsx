import { ComingSoon } from '../app/ComingSoon.tsx';

export default function ChooseLocationPage() {
  return <ComingSoon icon="pin" text="location.choose.soon" />;
}
