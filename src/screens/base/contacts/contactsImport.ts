// Rows of the contacts Excel imports → what the bulk endpoints take. Departments in a person row are named
// (several separated by 、 , or ;); a name must match one department the user sees.
import { isValidPhone } from '../../../../domain/phone.ts';
import type { Department, NewDepartment, PersonInput } from '../../../../services/contacts.ts';
import type { ParsedRow } from '../../../components/ExcelImport.tsx';
import type { SheetRecord } from '../../../components/excel/sheet.ts';

export const DEPARTMENT_HEADERS = ['部门名称', '上级部门', '排序', '仅成员可见', '仅管理员可见'] as const;
export const PERSON_HEADERS = ['姓名', '手机号', '部门', '性别', '职务', '单位', '显示手机号'] as const;

const yes = (v: string | undefined) => ['是', '1', 'true', 'y', 'yes'].includes((v ?? '').trim().toLowerCase());
const no = (v: string | undefined) => ['否', '0', 'false', 'n', 'no'].includes((v ?? '').trim().toLowerCase());

export interface ImportTexts {
  emptyName: string;
  badPhone: (phone: string) => string;
  noDepartment: string;
  unknownDepartment: (name: string) => string;
  ambiguousDepartment: (name: string) => string;
  badGender: (g: string) => string;
  badSort: (s: string) => string;
}

export function parseDepartmentRow(r: SheetRecord, texts: ImportTexts): ParsedRow<NewDepartment> {
  const name = (r['部门名称'] ?? '').trim();
  if (!name) return { error: texts.emptyName };
  const sortText = (r['排序'] ?? '').trim();
  if (sortText && !Number.isFinite(Number(sortText))) return { error: texts.badSort(sortText) };
  const parentName = (r['上级部门'] ?? '').trim();
  return {
    value: {
      departmentName: name,
      ...(parentName && { parentName }),
      ...(sortText && { sort: Math.trunc(Number(sortText)) }),
      isHide: yes(r['仅成员可见']) ? 1 : 0,
      isAllHide: yes(r['仅管理员可见']) ? 1 : 0,
    },
  };
}

/** Person rows; `update` rows send only the cells filled in (§5 only defined fields), matched by phone. */
export function parsePersonRow(r: SheetRecord, departments: readonly Department[], texts: ImportTexts, update: boolean): ParsedRow<PersonInput> {
  const name = (r['姓名'] ?? '').trim();
  const phone = (r['手机号'] ?? '').replace(/\s/g, '');
  if (!update && !name) return { error: texts.emptyName };
  if (!isValidPhone(phone)) return { error: texts.badPhone(phone) };
  const names = (r['部门'] ?? '').split(/[、,，;；]/).map((s) => s.trim()).filter(Boolean);
  if (!update && names.length === 0) return { error: texts.noDepartment };
  const ids: string[] = [];
  for (const n of names) {
    const matches = departments.filter((d) => d.departmentName === n);
    if (matches.length === 0) return { error: texts.unknownDepartment(n) };
    if (matches.length > 1) return { error: texts.ambiguousDepartment(n) };
    ids.push(matches[0].departmentId);
  }
  const gender = (r['性别'] ?? '').trim();
  if (gender && gender !== '男' && gender !== '女') return { error: texts.badGender(gender) };
  const out: PersonInput = { phoneNumber: phone };
  if (name) out.name = name;
  if (ids.length) out.department = ids;
  if (gender) out.gender = gender;
  if (r['职务']?.trim()) out.duties = r['职务'].trim();
  if (r['单位']?.trim()) out.unit = r['单位'].trim();
  if (yes(r['显示手机号'])) out.showPhoneNumber = true;
  else if (no(r['显示手机号'])) out.showPhoneNumber = false;
  return { value: out };
}
