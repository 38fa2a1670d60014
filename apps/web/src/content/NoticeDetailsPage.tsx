import { ComingSoon } from '../app/ComingSoon.tsx';

export default function NoticeDetailsPage() {
  return <ComingSoon icon="bell" text="content.noticeDetail.soon" />;
}
