import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** A QR code drawn as one SVG path (dark modules only), crisp at any size. */
export function QrCodeImage({ value, size = 184, label, testId }: { value: string; size?: number; label: string; testId?: string }) {
  const { count, d } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(value, 'Byte');
    qr.make();
    const n = qr.getModuleCount();
    let path = '';
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) if (qr.isDark(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { count: n + 8, d: path };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid={testId}
      data-value={value}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={d} fill="#111" />
    </svg>
  );
}
