import { ComingSoon } from '../app/ComingSoon.tsx';

export default function ChangePasswordPage() {
  return <ComingSoon icon="lock" text="settings.changePassword.soon" />;
}
