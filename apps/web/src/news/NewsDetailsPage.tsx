import { ComingSoon } from '../app/ComingSoon.tsx';

export default function NewsDetailsPage() {
  return <ComingSoon icon="news" text="content.newsDetail.soon" />;
}
