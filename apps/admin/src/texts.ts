/**
 * The back office's own strings (the shell's: the layout, the kernel's pieces); each area's are in
 * its folder's `texts.ts`, which its pages read. The back office is English only (an operators'
 * tool); the strings live apart from the pages so they can be reviewed and translated later if
 * ever needed.
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

  layout: {
    changePassword: 'Change password',
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

  notFound: 'Page not found.',
} as const;
