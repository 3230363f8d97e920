// Excel files in the browser (exceljs, loaded only when a file is read or written): the first worksheet
// as records keyed by the header row, and a template workbook with given headers.

export type SheetRecord = Record<string, string>;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[]; hyperlink?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return '';
  }
  return String(value).trim();
}

/** The first worksheet's rows (after the header row) as records; blank rows are skipped. */
export async function readSheet(data: ArrayBuffer): Promise<SheetRecord[]> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const headers: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => { headers[col] = cellText(cell.value); });
  const out: SheetRecord[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const rec: SheetRecord = {};
    let any = false;
    headers.forEach((h, col) => {
      if (!h) return;
      const text = cellText(row.getCell(col).value);
      rec[h] = text;
      if (text) any = true;
    });
    if (any) out.push(rec);
  }
  return out;
}

/** A workbook with one sheet: the headers, then the given rows. */
export async function writeWorkbook(headers: readonly string[], rows: readonly (readonly (string | number)[])[] = []): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow([...r]);
  ws.columns.forEach((c) => { c.width = 18; });
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Saves bytes as a file through a temporary link. */
export function downloadFile(data: ArrayBuffer, filename: string): void {
  const url = URL.createObjectURL(new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
