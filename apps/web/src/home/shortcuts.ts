import type { Shortcut } from '../app/ShortcutGrid.tsx';

/** Home's grid of shortcuts, each labelled with its page's title (so those titles load with home). */
export const SHORTCUTS: readonly Shortcut[] = [
  { path: '/pages/assets/recharge', icon: 'deposit' },
  { path: '/pages/assets/tibi', icon: 'withdraw' },
  { path: '/pages/index/friend', icon: 'users' },
  { path: '/pages/index/ToLoan', icon: 'coins' },
  { path: '/pages/earn/escrowOrders', icon: 'earn' },
  { path: '/pages/index/activity', icon: 'gift' },
  { path: '/pages/index/News', icon: 'news' },
  { path: '/pages/webview/customer', icon: 'support' },
];
