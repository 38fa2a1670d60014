import type { AdminArea } from '../app/area.ts';
import { OutboxPage } from './OutboxPage.tsx';
import { outboxTexts } from './texts.ts';

/** The outbox of messages to users. */
export const outboxArea: AdminArea = {
  routes: [{ path: 'outbox', Component: OutboxPage }],
  nav: [{ to: '/outbox', label: outboxTexts.outbox.nav }],
};
