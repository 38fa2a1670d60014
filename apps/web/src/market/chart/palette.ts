/**
 * The chart's colours, read from the app's CSS variables (app/app.css) when a chart is made and
 * again when the theme changes (ui/theme.ts): the canvas cannot use var(). Candles use
 * --chart-up/--chart-down, brighter than the text colours but at least 3:1 on the card, the WCAG
 * contrast for graphics (docs/DESIGN.md).
 */
export interface ChartPalette {
  up: string;
  down: string;
  upVolume: string;
  downVolume: string;
  text: string;
  line: string;
  background: string;
  /** The indicators' lines (indicators.ts): MA and the MACD line; EMA and the signal; Bollinger's bands. */
  accent: string;
  second: string;
  bands: string;
}

/** '#rrggbb' or 'rgb(r, g, b)' at an opacity, as rgba(): the volume bars under the candles. */
export function withAlpha(colour: string, alpha: number): string {
  const value = colour.trim();
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(value);
  if (hex) {
    const [r, g, b] = [hex[1], hex[2], hex[3]].map((h) => Number.parseInt(h as string, 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  return colour;
}

/**
 * Each variable as the browser paints it (rgb()), through a hidden probe: the variables hold
 * light-dark() pairs, which only a colour property resolves, for the theme shown.
 */
export function chartPalette(root: Element = document.documentElement): ChartPalette {
  const probe = document.createElement('span');
  probe.hidden = true;
  root.append(probe);
  const read = (name: string, fallback: string) => {
    probe.style.color = `var(${name}, ${fallback})`;
    return getComputedStyle(probe).color || fallback;
  };
  try {
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
      accent: read('--accent', '#1261d6'),
      second: read('--warn', '#a35200'),
      bands: read('--text-3', '#687180'),
    };
  } finally {
    probe.remove();
  }
}
