// The one Excel reader/writer of every import and export screen (exceljs runs in Node as in the browser).
import { describe, expect, it } from 'vitest';
import { readSheet, readSheetRows, writeWorkbook } from '../../../src/components/excel/sheet.ts';

describe('Excel sheets', () => {
  it('reads back what it writes, by header, with row numbers, skipping blank rows', async () => {
    const data = await writeWorkbook(['商品', '价格'], [['大米', 3.5], [null, null], ['鸡蛋', 12]]);
    const { headers, rows } = await readSheetRows(data);
    expect(headers).toEqual(['商品', '价格']);
    expect(rows).toEqual([{ row: 2, cells: { 商品: '大米', 价格: '3.5' } }, { row: 4, cells: { 商品: '鸡蛋', 价格: '12' } }]);
    expect(await readSheet(data)).toEqual([{ 商品: '大米', 价格: '3.5' }, { 商品: '鸡蛋', 价格: '12' }]);
  });

  it('refuses a malformed file with a readable message', async () => {
    const garbage = new TextEncoder().encode('name,price\nrice,3.5\n').buffer as ArrayBuffer;
    await expect(readSheetRows(garbage)).rejects.toMatchObject({ name: 'SheetError', code: 'unreadable' });
  });
});
