// uploadUnit 单位导入 (issue 35): many schools at once from an Excel sheet, each made from an init template exactly as
// one is (POST /v3/orgappinit/create). The rules of a row, the same in the console's preview and on the server: what
// a row must hold, that a name is not taken twice in one sheet, and where the new org lies: the platform names the
// area; a bureau imports only into its own area (a row naming another is refused, an empty one takes the bureau's).
import { isValidPhone } from './phone.ts';
import { parseDay } from './priceCycle.ts';

/** The sheet's header row (zh-CN, as the template the console offers spells it). */
export const UNIT_HEADERS = ['机构名称', '管理员手机号', '管理员姓名', '区域', '到期日期'] as const;

/** Rows per request: the console sends the sheet in batches of this many and shows the progress between them. */
export const UNIT_IMPORT_BATCH = 10;
/** The rows one sheet may hold. */
export const UNIT_IMPORT_MAX_ROWS = 2000;

export const UNIT_NAME_MAX = 64;

export interface UnitRow {
  orgName: string;
  adminPhone: string;
  adminName?: string;
  area?: string;
  /** YYYY-MM-DD: the org's expiration */
  expiration?: string;
}

/** The words of a row's refusal: the server's zh-CN (UNIT_IMPORT_TEXT), the console's translated ones. */
export interface UnitRowTexts {
  nameRequired: string;
  nameTooLong: string;
  badPhone: (phone: string) => string;
  badExpiration: (text: string) => string;
  otherArea: (area: string) => string;
  duplicateName: (name: string, firstLine: number) => string;
}

export const UNIT_IMPORT_TEXT: UnitRowTexts = {
  nameRequired: '机构名称不能为空',
  nameTooLong: `机构名称不能超过 ${UNIT_NAME_MAX} 个字`,
  badPhone: (phone) => `管理员手机号格式不正确：${phone}`,
  badExpiration: (text) => `到期日期应为 YYYY-MM-DD：${text}`,
  otherArea: (area) => `只能导入本区域的单位：${area}`,
  duplicateName: (name, firstLine) => `机构名称与第 ${firstLine} 行重复：${name}`,
};

/** Who imports: the platform (any area), or a bureau of `area`. */
export type UnitImporter = { platform: true } | { platform: false; area: string };

/** The area a row's org is made in, or why the importer may not make it there. */
export function areaOfRow(importer: UnitImporter, rowArea: string | undefined, texts: UnitRowTexts = UNIT_IMPORT_TEXT): { area: string } | { error: string } {
  const asked = (rowArea ?? '').trim();
  if (importer.platform) return { area: asked };
  if (asked && asked !== importer.area) return { error: texts.otherArea(asked) };
  return { area: importer.area };
}

/** One row's problems (empty: none), in the order of its cells. */
export function unitRowErrors(row: UnitRow, importer: UnitImporter, texts: UnitRowTexts = UNIT_IMPORT_TEXT): string[] {
  const errs: string[] = [];
  const name = row.orgName.trim();
  if (!name) errs.push(texts.nameRequired);
  else if (name.length > UNIT_NAME_MAX) errs.push(texts.nameTooLong);
  if (!isValidPhone(row.adminPhone.trim())) errs.push(texts.badPhone(row.adminPhone));
  const area = areaOfRow(importer, row.area, texts);
  if ('error' in area) errs.push(area.error);
  if (row.expiration && !parseDay(row.expiration.trim())) errs.push(texts.badExpiration(row.expiration));
  return errs;
}

/** A sheet record (header → cell text) as a row. */
export function unitRowOf(record: Readonly<Record<string, string | undefined>>): UnitRow {
  const cell = (h: (typeof UNIT_HEADERS)[number]) => (record[h] ?? '').trim();
  return {
    orgName: cell('机构名称'), adminPhone: cell('管理员手机号').replace(/\s/g, ''),
    ...(cell('管理员姓名') && { adminName: cell('管理员姓名') }), ...(cell('区域') && { area: cell('区域') }), ...(cell('到期日期') && { expiration: cell('到期日期') }),
  };
}

/** For each row index, the sheet line (header is line 1) of an earlier row with the same org name, if any. */
export function duplicateNames(rows: readonly Pick<UnitRow, 'orgName'>[]): Map<number, number> {
  const first = new Map<string, number>();
  const out = new Map<number, number>();
  rows.forEach((r, i) => {
    const name = r.orgName.trim();
    if (!name) return;
    const seen = first.get(name);
    if (seen === undefined) first.set(name, i);
    else out.set(i, seen + 2);
  });
  return out;
}
