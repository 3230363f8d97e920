// The labels as a PDF for archiving (issue 10): each label's SVG is rasterised at 300 dpi on a canvas with the
// browser's own fonts, so Chinese text renders without shipping a CJK font (PDF libraries need an embedded CJK
// font subset otherwise), and placed as a PNG on a page of the label's exact size with pdf-lib. pdf-lib is
// imported here only, inside the label screen's lazily loaded chunk.

const DPI = 300;
const MM_PER_INCH = 25.4;
const POINTS_PER_INCH = 72;

async function svgToPng(svg: SVGSVGElement, wMm: number, hMm: number): Promise<Uint8Array> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const wPx = Math.round((wMm / MM_PER_INCH) * DPI);
  const hPx = Math.round((hMm / MM_PER_INCH) * DPI);
  copy.setAttribute('width', String(wPx));
  copy.setAttribute('height', String(hPx));
  const text = new XMLSerializer().serializeToString(copy);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('label image failed to load'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = wPx;
    canvas.height = hPx;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, wPx, hPx);
    ctx.drawImage(image, 0, 0, wPx, hPx);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('label image failed to encode');
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** One page per label, each the label's size; returns the PDF's bytes. */
export async function labelsPdf(svgs: readonly SVGSVGElement[], size: { w: number; h: number }, title: string): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('meal-console');
  const wPt = (size.w / MM_PER_INCH) * POINTS_PER_INCH;
  const hPt = (size.h / MM_PER_INCH) * POINTS_PER_INCH;
  for (const svg of svgs) {
    const png = await pdf.embedPng(await svgToPng(svg, size.w, size.h));
    const page = pdf.addPage([wPt, hPt]);
    page.drawImage(png, { x: 0, y: 0, width: wPt, height: hPt });
  }
  return pdf.save();
}

/** Hands bytes to the browser as a file download. */
export function download(bytes: Uint8Array, fileName: string, type = 'application/pdf'): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
