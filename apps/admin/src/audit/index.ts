import type { AdminArea } from '../app/area.ts';
import { texts } from '../texts.ts';
import { AuditPage } from './AuditPage.tsx';

/** The audit log. */
export const auditArea: AdminArea = {
  routes: [{ path: 'audit', Component: AuditPage }],
  nav: [{ to: '/audit', label: texts.audit.nav }],
};
