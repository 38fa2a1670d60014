import { formatPercent } from '../ui/format.ts';

/**
 * How much of the cap the net exposure uses, as a percentage with two places as every percentage
 * shows, from the decimal strings themselves (display only: the server decides with exact
 * decimals). "—" for a zero cap.
 */
export function exposureUsed(net: string, cap: string): string {
  const scale = (text: string) => {
    const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
    return BigInt(whole + fraction.padEnd(18, '0').slice(0, 18));
  };
  const capUnits = scale(cap);
  if (capUnits === 0n) return '—';
  // In hundredths of a percent, cut: the ratio as a decimal string with four places.
  const basisPoints = (scale(net) * 10000n) / capUnits;
  return formatPercent(`${basisPoints / 10000n}.${(basisPoints % 10000n).toString().padStart(4, '0')}`);
}
