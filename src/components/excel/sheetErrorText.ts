import { t } from '@lingui/core/macro';
import { SheetError } from './sheet.ts';

/** An error of reading a sheet, in the user's language; other errors keep their own message. */
export function sheetErrorText(e: unknown): string {
  if (e instanceof SheetError) return e.code === 'unreadable' ? t`无法读取该文件，请上传 .xlsx 格式的 Excel 表格` : t`表格中没有工作表`;
  return e instanceof Error ? e.message : String(e);
}
