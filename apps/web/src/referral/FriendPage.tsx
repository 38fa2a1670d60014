import { ComingSoon } from '../app/ComingSoon.tsx';

export default function FriendPage() {
  return <ComingSoon icon="users" text="referral.invite.soon" />;
}
