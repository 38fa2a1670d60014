import { ComingSoon } from '../app/ComingSoon.tsx';

export default function ExchangeListPage() {
  return <ComingSoon icon="exchange" text="assets.exchangeList.soon" />;
}
