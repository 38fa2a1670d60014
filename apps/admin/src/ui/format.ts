const pad = (n: number) => String(n).padStart(2, '0');

/** `2024-05-01 13:45:09` in the operator's local time (the full ISO value goes in a title). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

export function formatClock(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Newest first, whatever order the page arrived in. */
export function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/**
 * Money stays a decimal string end to end: these helpers only look at the text, never parse it
 * into a JS number.
 */
export function isNegativeAmount(amount: string): boolean {
  return amount.trim().startsWith('-');
}

export function isZeroAmount(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

/** CSS class for a signed amount: green credit, red debit. */
export function amountClass(amount: string): string {
  if (isZeroAmount(amount)) return 'amount';
  return isNegativeAmount(amount) ? 'amount amount-debit' : 'amount amount-credit';
}
