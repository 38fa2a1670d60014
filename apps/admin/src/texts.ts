/**
 * Every string the admin UI shows. The back office is English only (an operators' tool), but the
 * strings live here so they can be reviewed in one place and translated later if ever needed.
 */
export const texts = {
  appName: 'OTC Markets Admin',
  brand: 'OTC Markets',
  brandSuffix: 'Admin',

  common: {
    loading: 'Loading…',
    retry: 'Retry',
    refresh: 'Refresh',
    search: 'Search',
    clear: 'Clear',
    cancel: 'Cancel',
    none: '—',
    all: 'All',
    updatedAt: (time: string) => `Updated ${time}`,
  },

  errors: {
    network: 'Cannot reach the server. Check your connection and try again.',
    badResponse: (status: number) => `The server sent an unexpected response (HTTP ${status}).`,
    generic: 'Something went wrong. Please try again.',
    sessionCheck: 'Could not load your operator session.',
  },

  login: {
    title: 'Sign in to the back office',
    subtitle: 'Operators only. Every action is recorded in the audit log.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
  },

  layout: {
    nav: {
      users: 'Users',
      outbox: 'Outbox',
      audit: 'Audit log',
      operators: 'Operators',
    },
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    signedInAs: 'Signed in as',
  },

  roles: {
    admin: 'Admin',
    reviewer: 'Reviewer',
    support: 'Support',
  },

  pagination: {
    prev: 'Previous',
    next: 'Next',
    range: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
    empty: '0 results',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },

  users: {
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
  },

  outbox: {
    title: 'Outbox',
    subtitle: 'Verification codes and other messages the server would send by email or SMS (dev outbox).',
    targetLabel: 'Target',
    targetPlaceholder: 'Email address or phone number',
    channels: { email: 'Email', sms: 'SMS' },
    columns: {
      time: 'Time',
      channel: 'Channel',
      target: 'Target',
      subject: 'Subject',
      body: 'Body',
    },
    empty: 'No messages.',
  },

  audit: {
    title: 'Audit log',
    subtitle: 'Every operator action, newest first.',
    actionLabel: 'Action',
    actionPlaceholder: 'e.g. user.disable',
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

  operators: {
    title: 'Operators',
    listTitle: 'All operators',
    createTitle: 'Create operator',
    createHint: 'Only operators with the admin role can create operators.',
    email: 'Email',
    password: 'Password',
    passwordHint: 'At least 8 characters.',
    role: 'Role',
    submit: 'Create operator',
    submitting: 'Creating…',
    created: (email: string) => `Operator ${email} created.`,
    columns: {
      id: 'ID',
      email: 'Email',
      role: 'Role',
      created: 'Created',
    },
    empty: 'No operators.',
    you: 'you',
  },

  notFound: 'Page not found.',
} as const;
