// Excel files in the browser (exceljs, loaded only when a file is read or written): the first worksheet
// as rows keyed by the header row, and a one-sheet workbook from headers and rows. One module for every
// import and export screen.

export type SheetRecord = Record<string, string>;

export interface SheetRow {
  /** the row number in the sheet (1 = the header) */
  row: number;
  /** cell texts by header name */
  cells: SheetRecord;
}

/** Why a file could not be read; the screens word it in the user's language (sheetErrorText). */
export class SheetError extends Error {
  constructor(readonly code: 'unreadable' | 'noWorksheet') {
    super(code);
    this.name = 'SheetError';
  }
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return '';
  }
  return String(value).trim();
}

/** The first worksheet: its header texts and every non-blank row after it; a readable error when the file is not an .xlsx. */
export async function readSheetRows(data: ArrayBuffer): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data);
  } catch {
    throw new SheetError('unreadable');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new SheetError('noWorksheet');
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => { headers[col - 1] = cellText(cell.value); });
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const cells: SheetRecord = {};
    let any = false;
    headers.forEach((h, i) => {
      const text = cellText(r.getCell(i + 1).value);
      if (text) any = true;
      if (h) cells[h] = text;
    });
    if (any) rows.push({ row: n, cells });
  });
  return { headers: headers.filter(Boolean), rows };
}

/** The first worksheet's rows (after the header row) as records; blank rows are skipped. */
export async function readSheet(data: ArrayBuffer): Promise<SheetRecord[]> {
  return (await readSheetRows(data)).rows.map((r) => r.cells);
}

/** A workbook with one sheet: the headers (bold), then the given rows. */
export async function writeWorkbook(
  headers: readonly string[],
  rows: readonly (readonly (string | number | null)[])[] = [],
  sheetName = 'Sheet1',
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...headers]).font = { bold: true };
  for (const r of rows) ws.addRow([...r]);
  ws.columns.forEach((c) => { c.width = 18; });
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Saves bytes as a file through a temporary link. */
export function downloadFile(data: ArrayBuffer, filename: string): void {
  const url = URL.createObjectURL(new Blob([data], { type: XLSX_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
