// A titled table as a one-sheet workbook (the recipe week export, issue 9): a merged bold title row, a bold header
// row, then the rows; cells holding several lines wrap. exceljs is loaded only when a file is written.

export async function writeTitledSheet(title: string, rows: readonly (readonly string[])[], sheetName = 'Sheet1'): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  // sheet names may not hold []:*?/\ and are at most 31 characters
  const ws = wb.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  const width = Math.max(1, ...rows.map((r) => r.length));
  const titleRow = ws.addRow([title]);
  titleRow.font = { bold: true, size: 14 };
  if (width > 1) ws.mergeCells(1, 1, 1, width);
  rows.forEach((r, i) => {
    const row = ws.addRow([...r]);
    if (i === 0) row.font = { bold: true };
    row.alignment = { wrapText: true, vertical: 'top' };
  });
  ws.columns.forEach((c, i) => { c.width = i === 0 ? 16 : 28; });
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}
