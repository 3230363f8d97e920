// The invoice of a paid service order as a PDF (issue 35). As the label PDFs (mallRecipeCycleLabelSet/labelPdf.ts):
// the page is drawn on a canvas with the browser's own fonts, so its Chinese needs no embedded CJK font, and placed
// as a PNG on an A4 page with pdf-lib, which is loaded here only, inside this screen's lazy chunk.

const A4 = { w: 595.28, h: 841.89 };
const SCALE = 3;

/** The invoice's lines, already in the reader's language: a title, label and value pairs, a footer. */
export interface InvoiceContent { title: string; lines: [string, string][]; footer: string }

function draw(content: InvoiceContent): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(A4.w * SCALE);
  canvas.height = Math.round(A4.h * SCALE);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, A4.w, A4.h);
  ctx.fillStyle = '#111';
  ctx.font = 'bold 22px sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(content.title, A4.w / 2, 80);
  ctx.textAlign = 'left';
  ctx.font = '12px sans-serif';
  let y = 130;
  for (const [label, value] of content.lines) {
    ctx.fillStyle = '#555';
    ctx.fillText(label, 60, y);
    ctx.fillStyle = '#111';
    ctx.fillText(value, 200, y);
    ctx.strokeStyle = '#ddd';
    ctx.beginPath();
    ctx.moveTo(60, y + 10);
    ctx.lineTo(A4.w - 60, y + 10);
    ctx.stroke();
    y += 30;
  }
  ctx.fillStyle = '#777';
  ctx.font = '10px sans-serif';
  ctx.fillText(content.footer, 60, A4.h - 60);
  return canvas;
}

/** The invoice as a one-page A4 PDF; returns its bytes. */
export async function invoicePdf(content: InvoiceContent): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const blob = await new Promise<Blob | null>((resolve) => draw(content).toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('invoice image failed to encode');
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.title);
  pdf.setCreator('meal-console');
  const png = await pdf.embedPng(new Uint8Array(await blob.arrayBuffer()));
  pdf.addPage([A4.w, A4.h]).drawImage(png, { x: 0, y: 0, width: A4.w, height: A4.h });
  return pdf.save();
}
