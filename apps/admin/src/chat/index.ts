import type { AdminArea } from '../app/area.ts';
import { ChatPage } from './ChatPage.tsx';
import { chatTexts } from './texts.ts';

/** The support chat: operators (support and admin) take, answer, hand over and close conversations. */
export const chatArea: AdminArea = {
  routes: [{ path: 'chat', Component: ChatPage }],
  nav: [{ to: '/chat', label: chatTexts.nav }],
};
