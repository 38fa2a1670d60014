/** What other web areas use of the chat: auth sends the guest's device token at sign-in. */

export { ChatUnreadBadge } from './ChatUnreadBadge.tsx';
export { storedDeviceToken } from './device.ts';
export const CHAT_PATH = '/pages/webview/customer';
