/** The inbox and one notification (`?id=`), as its area.ts names them. */
export const NOTICES_PATH = '/pages/assets/xiaoxitongzhi';
export const NOTICE_DETAIL_PATH = '/pages/assets/xiaoxitongzhiDetails';

export const noticeDetailPath = (id: string) => `${NOTICE_DETAIL_PATH}?${new URLSearchParams({ id })}`;

/**
 * A notification's link is followed only when it is a path inside the app: the server writes only
 * those, and the app never sends a reader elsewhere from a notification.
 */
export const isAppPath = (link: string | null | undefined): link is string =>
  typeof link === 'string' && /^\/(?!\/)[^\s\\]*$/.test(link);
