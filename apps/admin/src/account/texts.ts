/** The back office's texts of the operator's own account (read by its pages; the shell's own are in `src/texts.ts`). */
export const accountTexts = {
  password: {
    title: 'Change password',
    hint: 'Your current password, then the new one twice. Your other sessions end; this one stays.',
    current: 'Current password',
    next: 'New password',
    rule: 'At least 8 characters, with a letter and a digit, and not the current one.',
    confirm: 'New password again',
    submit: 'Change password',
    submitting: 'Changing…',
    changed: 'Password changed. Your other sessions have ended.',
  },
} as const;
