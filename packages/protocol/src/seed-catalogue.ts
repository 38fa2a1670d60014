/**
 * The calls of seed.md §7, each with the area that owns it. Every one is routed from day one:
 * the ones an area has built answer fully, the rest answer `not_available_yet` until their issue
 * lands (see apps/server/src/pending). `available` flips when an area implements the call.
 */
export type Area =
  | 'auth'
  | 'kyc'
  | 'common'
  | 'content'
  | 'chat'
  | 'market'
  | 'loan'
  | 'funding'
  | 'ledger'
  | 'cfd'
  | 'activity'
  | 'referral'
  | 'earn'
  | 'notifications';

export interface SeedEndpoint {
  method: 'GET' | 'POST';
  path: string;
  area: Area;
  summary: string;
}

const post = (path: string, area: Area, summary: string): SeedEndpoint => ({
  method: 'POST',
  path,
  area,
  summary,
});

export const SEED_ENDPOINTS: readonly SeedEndpoint[] = [
  post('/api/auth/register', 'auth', 'Register by email or mobile with a verification code'),
  post('/api/auth/login', 'auth', 'Log in with account and password'),
  {
    method: 'GET',
    path: '/api/auth/login',
    area: 'auth',
    summary: 'Whether the next login needs the captcha',
  },
  post('/api/auth/loginvirtual', 'auth', 'Create a demo (simulated) user and log in'),
  post('/api/auth/walletlogin', 'auth', 'Sign in with Ethereum (EIP-4361)'),
  post('/api/auth/existtradepassword', 'auth', 'Whether the user has a transaction password'),
  post('/api/auth/applyApprove', 'kyc', 'Apply for identity verification (basic or advanced)'),
  post('/api/auth/userinfo', 'auth', 'The signed-in user'),
  post('/api/auth/logout', 'auth', 'Revoke the session token'),
  post('/api/auth/sendemail', 'auth', 'Send an email verification code'),
  { method: 'GET', path: '/api/auth/captcha', area: 'auth', summary: 'A new captcha image' },
  post('/api/auth/resetpassword', 'auth', 'Reset the password with a verification code'),
  post('/api/auth/agreetment', 'auth', 'The agreement texts'),

  post('/api/common/index', 'content', 'Home page data'),
  post('/api/common/getCustomerUnread', 'chat', 'Unread support messages'),
  post('/api/common/news', 'content', 'News list'),
  post('/api/common/newread', 'content', 'Mark a news item read'),
  post('/api/common/promoteinfo', 'referral', 'Invite code and rebates'),
  post('/api/common/noticelist', 'notifications', 'Notifications'),
  post('/api/common/noticeread', 'notifications', 'Mark a notification read'),
  post('/api/common/coinlist', 'market', 'Coins and instruments'),
  post('/api/common/userdebtpage', 'loan', 'Loan page data'),
  post('/api/common/userdebt', 'loan', 'The user loan summary'),
  post('/api/common/userborrowpage', 'loan', 'Borrowing page data'),
  post('/api/common/getsetting', 'common', 'Public settings'),
  post('/api/common/getnftconfig', 'earn', 'NFT collections'),
  post('/api/common/cryptofinance', 'earn', 'Earn products'),
  post('/api/common/search', 'market', 'Instrument search'),

  post('/api/credit/bindwithdrawaddress', 'funding', 'Add a withdrawal address'),
  post('/api/credit/editwithdrawaddress', 'funding', 'Edit a withdrawal address'),
  post('/api/credit/getwithdrawaddress', 'funding', 'The withdrawal address book'),
  post('/api/credit/delwithdrawaddress', 'funding', 'Delete a withdrawal address'),
  post('/api/credit/cointransferinfo', 'ledger', 'Internal transfer form data'),
  post('/api/credit/cointransfer', 'ledger', 'Transfer to another user ID'),
  post('/api/credit/cointransferlog', 'ledger', 'Internal transfer records'),
  post('/api/credit/transferinfo', 'ledger', 'Own-account transfer form data'),
  post('/api/credit/transfer', 'ledger', 'Transfer between own accounts'),
  post('/api/credit/transferlog', 'ledger', 'Own-account transfer records'),

  post('/api/stock/detail', 'cfd', 'CFD instrument detail'),
  post('/api/stock/order', 'cfd', 'Open a CFD position'),
  post('/api/stock/orderlist', 'cfd', 'CFD orders'),
  post('/api/stock/orderdetail', 'cfd', 'CFD order detail'),
  post('/api/stock/dealorder', 'cfd', 'Close a CFD position'),
  post('/api/stock/dealorderlist', 'cfd', 'Closed CFD positions'),
  post('/api/stock/pagedata', 'cfd', 'CFD page data'),
  post('/api/stock/news', 'content', 'Instrument news'),
  post('/api/stock/setwinlose', 'cfd', 'Setting outcomes: refused by design'),
  post('/api/stock/cancelorder', 'cfd', 'Cancel a CFD order'),

  post('/api/activity/useractivity', 'activity', 'Deposit-bonus activities'),
  post('/api/activity/joinactivity', 'activity', 'Book an activity'),

  post('/api/loan/getConfigList', 'loan', 'Loan products'),
  post('/api/loan/apply', 'loan', 'Apply for a loan'),
  post('/api/loan/getUserRecords', 'loan', 'Loan records'),
];
