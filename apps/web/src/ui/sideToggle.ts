/** The first side of a ticket is the rising one (buy, long), in the up colour; the second, down. */
export type SideTone = 'up' | 'down';

export const toneOf = (index: number): SideTone => (index === 0 ? 'up' : 'down');

/**
 * A side button's classes: the shared look, its side's colour when it is the chosen one, and the
 * ticket's own class (`extra`, e.g. spot's more compact `spot-side`).
 */
export function sideButtonClass(tone: SideTone, chosen: boolean, extra?: string): string {
  return [`side-toggle-btn side-toggle-${tone}`, chosen ? 'side-toggle-on' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}
