// Where everything of a food label goes on a label of a given size, in millimetres: the configured fields at the
// top across the whole width, then the GB 28050 nutrient table with the salt line on the left and the QR code of
// the trace page on the right. The font shrinks until everything fits; at the smallest readable size the last
// fields are left out and the layout says so. Text is measured by the caller (a canvas in the browser), so the
// same layout draws the preview, the print and the PDF.

/** Label sizes people print on (width × height, mm): thermal rolls and sheet labels. */
export const LABEL_SIZES = [
  { key: '60x40', w: 60, h: 40 },
  { key: '70x50', w: 70, h: 50 },
  { key: '80x60', w: 80, h: 60 },
  { key: '100x70', w: 100, h: 70 },
  { key: '100x100', w: 100, h: 100 },
] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
export const labelSize = (key: string): LabelSize => LABEL_SIZES.find((s) => s.key === key) ?? LABEL_SIZES[0];

/** Width in mm of a text at a font size in mm. */
export type Measure = (text: string, sizeMm: number, bold?: boolean) => number;

export interface LabelTableRow { name: string; per100g: string; perPortion: string; nrv: string }

export interface LabelContent {
  title: string;
  /** "label：text" lines of the configured fields (the title field excluded) */
  lines: string[];
  header: LabelTableRow;
  rows: LabelTableRow[];
  /** the salt line under the table; null when unknown */
  salt: string | null;
  /** what the QR code encodes */
  qr: string;
}

export interface TextItem { x: number; y: number; text: string; size: number; bold?: boolean; anchor?: 'start' | 'end' }
export interface RuleItem { x1: number; y1: number; x2: number; y2: number }

export interface LabelLayout {
  w: number;
  h: number;
  font: number;
  texts: TextItem[];
  rules: RuleItem[];
  qr: { x: number; y: number; size: number };
  /** fields that did not fit even at the smallest font */
  dropped: number;
}

const MIN_FONT = 1.3;
const LINE = 1.3;
/** column widths of the table as parts of its width: item, per 100 g, per portion, NRV % */
const COLUMNS = [0.31, 0.23, 0.26, 0.2];

/** Greedy wrap, character by character (CJK text has no spaces to break at). */
export function wrap(text: string, width: number, size: number, measure: Measure, bold = false): string[] {
  const out: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && measure(line + ch, size, bold) > width) {
      out.push(line);
      line = ch.trim() ? ch : '';
    } else line += ch;
  }
  if (line) out.push(line);
  return out.length ? out : [''];
}

function attempt(content: LabelContent, w: number, h: number, f: number, measure: Measure, keepLines: number): LabelLayout | null {
  const m = Math.max(1.5, Math.min(w, h) * 0.04);
  const lh = f * LINE;
  const texts: TextItem[] = [];
  const rules: RuleItem[] = [];
  const inner = w - 2 * m;
  let y = m;
  for (const line of wrap(content.title, inner, f * 1.2, measure, true)) {
    y += f * 1.2 * LINE;
    texts.push({ x: m, y: y - f * 0.3, text: line, size: f * 1.2, bold: true });
  }
  for (const field of content.lines.slice(0, keepLines)) {
    for (const line of wrap(field, inner, f, measure)) {
      y += lh;
      texts.push({ x: m, y: y - f * 0.3, text: line, size: f });
    }
  }
  // the bottom block: table (and salt line) on the left, QR on the right
  const q = Math.min(h * 0.36, w * 0.3, 24);
  const tw = inner - q - 1;
  const saltLines = content.salt === null ? [] : wrap(content.salt, tw, f * 0.9, measure);
  const tableH = (content.rows.length + 1) * lh + saltLines.length * f * 0.9 * LINE + 0.6;
  const blockH = Math.max(tableH, q);
  const top = y + 0.8;
  if (top + blockH > h - m + 1e-9) return null;
  // every cell must fit its column
  const cells = [content.header, ...content.rows];
  for (const row of cells) {
    const parts = [row.name, row.per100g, row.perPortion, row.nrv];
    if (parts.some((p, i) => measure(p, f, row === content.header) > COLUMNS[i] * tw - 0.6)) return null;
  }
  let ty = top;
  rules.push({ x1: m, y1: ty, x2: m + tw, y2: ty });
  cells.forEach((row, r) => {
    ty += lh;
    const parts = [row.name, row.per100g, row.perPortion, row.nrv];
    let x = m;
    parts.forEach((p, i) => {
      const cw = COLUMNS[i] * tw;
      texts.push(i === 0 ? { x: x + 0.3, y: ty - f * 0.3, text: p, size: f, bold: r === 0 } : { x: x + cw - 0.3, y: ty - f * 0.3, text: p, size: f, bold: r === 0, anchor: 'end' });
      x += cw;
    });
    if (r === 0) rules.push({ x1: m, y1: ty, x2: m + tw, y2: ty });
  });
  rules.push({ x1: m, y1: ty + 0.3, x2: m + tw, y2: ty + 0.3 });
  ty += 0.3;
  for (const line of saltLines) {
    ty += f * 0.9 * LINE;
    texts.push({ x: m, y: ty - f * 0.3, text: line, size: f * 0.9 });
  }
  return { w, h, font: f, texts, rules, qr: { x: w - m - q, y: top + (blockH - q) / 2, size: q }, dropped: content.lines.length - keepLines };
}

/** The largest font at which the label fits; at the smallest one, the last fields are dropped until it does. */
export function layoutLabel(content: LabelContent, size: { w: number; h: number }, measure: Measure): LabelLayout {
  const start = Math.min(3.2, size.h * 0.055);
  for (let f = start; f >= MIN_FONT - 1e-9; f = Math.round((f - 0.1) * 100) / 100) {
    const fits = attempt(content, size.w, size.h, f, measure, content.lines.length);
    if (fits) return fits;
  }
  for (let keep = content.lines.length - 1; keep >= 0; keep--) {
    const fits = attempt(content, size.w, size.h, MIN_FONT, measure, keep);
    if (fits) return fits;
  }
  // even the table alone does not fit: draw it anyway at the smallest font rather than print nothing
  return { ...attempt(content, size.w, 1e6, MIN_FONT, measure, 0)!, h: size.h };
}
