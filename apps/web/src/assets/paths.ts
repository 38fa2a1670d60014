/** Routes of the money screens (the route table in app/routes.ts names the same paths). */
export const ASSETS_PATH = '/pages/index/Assets';
export const ACCOUNT_DETAIL_PATH = '/pages/assets/zhanghuDetail';
export const TRANSFER_PATH = '/pages/index/Transfer';
export const TRANSFER_LIST_PATH = '/pages/index/TransferList';
export const EXCHANGE_PATH = '/pages/index/Exchange';
export const EXCHANGE_LIST_PATH = '/pages/index/ExchangeList';
export const PROOF_PATH = '/pages/assets/proof';
export const SECURITY_PATH = '/pages/assets/anquanzhongxin';
