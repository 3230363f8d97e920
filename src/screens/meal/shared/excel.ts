// Excel in the browser (exceljs, loaded only when a sheet is read or written).

export interface SheetRow {
  /** the row number in the sheet (1 = the header) */
  row: number;
  /** cell texts by header name */
  cells: Record<string, string>;
}

const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return String(o.text);
  }
  return String(v).trim();
};

/** The first sheet of an .xlsx file as rows keyed by the header row's texts; throws a readable error when it is not one. */
export async function readSheet(file: Blob): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(await file.arrayBuffer());
  } catch {
    throw new Error('无法读取该文件，请上传 .xlsx 格式的 Excel 表格');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('表格中没有工作表');
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => { headers[col - 1] = cellText(cell.value); });
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const cells: Record<string, string> = {};
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

/** Builds an .xlsx workbook (one sheet) and returns it as a Blob. */
export async function buildWorkbook(sheetName: string, headers: string[], rows: (string | number | null)[][]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  sheet.addRow(headers).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  sheet.columns.forEach((c) => { c.width = 16; });
  const buffer = await wb.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Saves a Blob under `fileName` through a temporary link. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
