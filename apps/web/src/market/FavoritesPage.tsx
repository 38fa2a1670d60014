import { ComingSoon } from '../app/ComingSoon.tsx';

export default function FavoritesPage() {
  return <ComingSoon icon="star" text="market.favorites.soon" />;
}
