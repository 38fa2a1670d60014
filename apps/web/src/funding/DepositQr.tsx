import { useMemo } from 'react';
import { qrModules, qrPath } from './qr.ts';

/** The address as a QR code a phone's wallet scans; drawn as one SVG path. */
export function DepositQr({ text, label }: { text: string; label: string }) {
  const { d, size } = useMemo(() => {
    const modules = qrModules(text);
    return { d: qrPath(modules), size: modules.length + 8 };
  }, [text]);
  return (
    <svg
      className="deposit-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-testid="deposit-qr"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
