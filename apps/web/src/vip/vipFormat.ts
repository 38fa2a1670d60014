import { toPercentText } from '../money/rate.ts';

/**
 * The VIP page's numbers. Rates and volumes stay decimal strings and are scaled with bigints;
 * nothing passes through a JS number. The rate display is the kernel's (money/rate.ts), shared
 * with the earn screens.
 */
export { displayRate, toPercentText } from '../money/rate.ts';

/** The width of the progress bar as CSS: a fraction in [0, 1] as a percentage, 2 places. */
export function progressWidth(progress: string): string {
  const percent = toPercentText(progress);
  const [whole = '0', fraction = ''] = percent.split('.');
  return `${whole}${fraction ? `.${fraction.slice(0, 2)}` : ''}%`;
}
