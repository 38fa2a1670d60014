import { ComingSoon } from '../app/ComingSoon.tsx';

export default function SearchPage() {
  return <ComingSoon icon="search" text="market.search.soon" />;
}
