/** Seed §9: timestamps of 9 or 10 digits are seconds; longer ones are milliseconds. */
export function toMillis(timestamp: number | string): number {
  const digits = String(timestamp).replace(/^-/, '').split('.')[0] ?? '';
  const n = Number(timestamp);
  return digits.length <= 10 ? n * 1000 : n;
}
