import type { AdminArea } from '../app/area.ts';
import { texts } from '../texts.ts';
import { OutboxPage } from './OutboxPage.tsx';

/** The outbox of messages to users. */
export const outboxArea: AdminArea = {
  routes: [{ path: 'outbox', Component: OutboxPage }],
  nav: [{ to: '/outbox', label: texts.outbox.nav }],
};
