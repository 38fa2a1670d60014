/** The most the badge counts to; more reads "99+". */
export const NOTICE_BADGE_MAX = 99;
