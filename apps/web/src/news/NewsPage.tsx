import { ComingSoon } from '../app/ComingSoon.tsx';

export default function NewsPage() {
  return <ComingSoon icon="news" text="content.news.soon" />;
}
