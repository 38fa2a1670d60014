/** The conditions an alert can have (zod-free: the web's sheet names them); core's rules read the same words. */
export const ALERT_CONDITIONS = ['rises_to', 'falls_to', 'up_percent', 'down_percent'] as const;
