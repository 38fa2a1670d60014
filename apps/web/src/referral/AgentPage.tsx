import { ComingSoon } from '../app/ComingSoon.tsx';

export default function AgentPage() {
  return <ComingSoon icon="users" text="referral.agent.soon" />;
}
