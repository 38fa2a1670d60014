import type { AdminArea } from '../app/area.ts';
import { AuditPage } from './AuditPage.tsx';
import { auditTexts } from './texts.ts';

/** The audit log. */
export const auditArea: AdminArea = {
  routes: [{ path: 'audit', Component: AuditPage }],
  nav: [{ to: '/audit', label: auditTexts.audit.nav }],
};
