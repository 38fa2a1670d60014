/** Every query that shows money starts with this, so one invalidation refreshes them all. */
export const MONEY = 'money';
