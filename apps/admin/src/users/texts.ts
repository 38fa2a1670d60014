/** The back office's texts of the users list (read by its pages; the shell's own are in `src/texts.ts`). */
export const usersTexts = {
  users: {
    /** Its entry in the navigation. */
    nav: 'Users',
    title: 'Users',
    searchLabel: 'Search users',
    searchPlaceholder: 'ID, email, phone, nickname or wallet address',
    kindLabel: 'Kind',
    kinds: { real: 'Real', demo: 'Demo' },
    statuses: { active: 'Active', disabled: 'Disabled' },
    columns: {
      id: 'ID',
      email: 'Email',
      phone: 'Phone',
      wallet: 'Wallet',
      nickname: 'Nickname',
      kind: 'Kind',
      status: 'Status',
      created: 'Created',
      actions: 'Actions',
    },
    ledger: 'Ledger',
    system: 'System',
    systemHint: 'A platform account (the market maker): it cannot be disabled.',
    disable: 'Disable',
    enable: 'Enable',
    empty: 'No users match.',
    confirmDisableTitle: 'Disable this user?',
    confirmEnableTitle: 'Enable this user?',
    confirmDisableBody: (who: string) =>
      `${who} will be signed out and will not be able to sign in until the account is enabled again.`,
    confirmEnableBody: (who: string) => `${who} will be able to sign in again.`,
    disabledNotice: (who: string) => `${who} has been disabled.`,
    enabledNotice: (who: string) => `${who} has been enabled.`,
    userLabel: (id: string, name: string) => `User ${id} (${name})`,
    resetTotp: 'Reset 2FA',
    confirmResetTotpTitle: 'Turn this user’s two-factor off?',
    confirmResetTotpBody: (who: string) =>
      `Only after you have checked that this is ${who} by other means than their account (a video call against their verified documents, for example): their password alone will sign them in. They are signed out everywhere and told, with the reason below.`,
    resetTotpReason: 'How you checked who they are (shown to the user)',
    resetTotpNotice: (who: string) => `Two-factor authentication of ${who} is off; they have been told.`,
  },
} as const;
