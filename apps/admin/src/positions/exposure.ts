/**
 * How much of the cap the net exposure uses, as a percentage with one decimal, from the decimal
 * strings themselves (display only: the server decides with exact decimals). "—" for a zero cap.
 */
export function exposureUsed(net: string, cap: string): string {
  const scale = (text: string) => {
    const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
    return BigInt(whole + fraction.padEnd(18, '0').slice(0, 18));
  };
  const capUnits = scale(cap);
  if (capUnits === 0n) return '—';
  const permille = (scale(net) * 1000n) / capUnits;
  return `${permille / 10n}.${permille % 10n}%`;
}
