import { useMemo } from 'react';
import { qrModules, qrPath } from './qr.ts';
import './qr-code.css';

/**
 * A text (a deposit address, the site's URL) as a QR code a phone scans; drawn as one SVG path.
 * `label` is its accessible name: it says what the code holds.
 */
export function QrCode({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const drawn = useMemo(() => {
    try {
      const modules = qrModules(text);
      return { d: qrPath(modules), size: modules.length + 8 };
    } catch {
      // Longer than the encoder's versions hold (a site URL with a long query, say): the text
      // shown beside the code still gets the user there, so the page goes on without the code.
      return null;
    }
  }, [text]);
  if (!drawn) return null;
  const { d, size } = drawn;
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
