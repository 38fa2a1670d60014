import type { AdminArea } from '../app/area.ts';
import { AgentLevelsPage } from './AgentLevelsPage.tsx';
import { referralTexts } from './texts.ts';

/** The agent levels of the referral programme. */
export const referralArea: AdminArea = {
  routes: [{ path: 'agents', Component: AgentLevelsPage }],
  nav: [{ to: '/agents', label: referralTexts.agents.nav }],
};
