/** Seed §5: text longer than 6 characters keeps its first 3 and last 3, with stars between. */
export function maskText(text: string, stars = 4): string {
  const chars = Array.from(text);
  if (chars.length <= 6) return text;
  return `${chars.slice(0, 3).join('')}${'*'.repeat(stars)}${chars.slice(-3).join('')}`;
}
