/**
 * A side button's classes: `<prefix>-side`, its side's `<prefix>-side-<side>` and, when it is the
 * chosen one, `<prefix>-side-on` (each ticket's CSS colours the chosen side by these).
 */
export function sideButtonClass(prefix: string, side: string, chosen: string): string {
  return `${prefix}-side ${prefix}-side-${side}${side === chosen ? ` ${prefix}-side-on` : ''}`;
}
