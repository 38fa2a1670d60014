/**
 * The chart's colours, read from the app's CSS variables (app/app.css) when a chart is made: the
 * canvas cannot use var(). Candles use --chart-up/--chart-down, brighter than the text colours but
 * at least 3:1 on white, the WCAG contrast for graphics (docs/DESIGN.md).
 */
export interface ChartPalette {
  up: string;
  down: string;
  upVolume: string;
  downVolume: string;
  text: string;
  line: string;
  background: string;
}

/** '#rrggbb' at an opacity, as rgba(): the volume bars under the candles. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return hex;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => Number.parseInt(h as string, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export function chartPalette(root: Element = document.documentElement): ChartPalette {
  const style = getComputedStyle(root);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const up = read('--chart-up', '#0b9e64');
  const down = read('--chart-down', '#f0455c');
  return {
    up,
    down,
    upVolume: withAlpha(up, 0.4),
    downVolume: withAlpha(down, 0.4),
    text: read('--text-2', '#5e6673'),
    line: read('--line', '#eaecef'),
    background: read('--card', '#ffffff'),
  };
}
