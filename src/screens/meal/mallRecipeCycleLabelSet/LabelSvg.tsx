// One food label drawn as SVG in millimetres from its layout (labelLayout.ts): the same element is the preview,
// the printed page (sized in mm by print CSS) and, rasterised, the PDF page. Fonts are the system's: Chinese text
// renders with whatever CJK font the browser has, in print and on the canvas alike.
import { useMemo } from 'react';
import qrcode from 'qrcode-generator';
import type { LabelLayout, Measure } from './labelLayout.ts';

export const LABEL_FONT = '"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif';

let canvas: CanvasRenderingContext2D | null = null;
/** Text width in mm measured on a canvas with the label's font (at 100 px, scaled). */
export const canvasMeasure: Measure = (text, size, bold = false) => {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return text.length * size;
  canvas.font = `${bold ? 'bold ' : ''}100px ${LABEL_FONT}`;
  return (canvas.measureText(text).width * size) / 100;
};

/** The dark modules of a QR code as one path in module units, with a 2-module quiet zone. */
function qrPath(value: string): { count: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(value, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < n; row++) for (let col = 0; col < n; col++) if (qr.isDark(row, col)) d += `M${col + 2} ${row + 2}h1v1h-1z`;
  return { count: n + 4, d };
}

/** `fluid`: the preview shrinks to the width it has (a phone); the printed label keeps its exact size. */
export function LabelSvg({ layout, qr, scale = 1, testId, title, fluid = false }: { layout: LabelLayout; qr: string; scale?: number; testId?: string; title: string; fluid?: boolean }) {
  const code = useMemo(() => qrPath(qr), [qr]);
  const { w, h } = layout;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${w} ${h}`}
      width={`${w * scale}mm`}
      height={`${h * scale}mm`}
      role="img"
      aria-label={title}
      data-testid={testId}
      data-qr={qr}
      data-dropped={layout.dropped}
      style={{ display: 'block', background: '#fff', ...(fluid && { maxWidth: '100%', height: 'auto' }) }}
    >
      <rect x={0} y={0} width={w} height={h} fill="#fff" />
      {layout.rules.map((r, i) => <line key={`r${i}`} x1={r.x1} y1={r.y1} x2={r.x2} y2={r.y2} stroke="#000" strokeWidth={0.2} />)}
      {layout.texts.map((t, i) => (
        <text
          key={`t${i}`}
          x={t.x}
          y={t.y}
          fontSize={t.size}
          fontFamily={LABEL_FONT}
          fontWeight={t.bold ? 'bold' : 'normal'}
          textAnchor={t.anchor ?? 'start'}
          fill="#000"
        >
          {t.text}
        </text>
      ))}
      <g transform={`translate(${layout.qr.x} ${layout.qr.y}) scale(${layout.qr.size / code.count})`} data-testid="label-qr" shapeRendering="crispEdges">
        <rect width={code.count} height={code.count} fill="#fff" />
        <path d={code.d} fill="#000" />
      </g>
    </svg>
  );
}
