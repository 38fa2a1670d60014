/** The alerts' list (also the link of an alert's notice: the server names the same path). */
export const ALERTS_PATH = '/pages/alerts/list';
