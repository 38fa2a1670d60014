/** The back office's texts of the audit log (read by its pages; the shell's own are in `src/texts.ts`). */
export const auditTexts = {
  audit: {
    /** Its entry in the navigation. */
    nav: 'Audit log',
    title: 'Audit log',
    subtitle: 'Every operator action, newest first.',
    actionLabel: 'Action',
    actionPlaceholder: 'Action name, e.g. login',
    system: 'system',
    columns: {
      time: 'Time',
      operator: 'Operator',
      action: 'Action',
      target: 'Target',
      detail: 'Detail',
      ip: 'IP',
    },
    empty: 'No audit entries.',
  },
} as const;
