import { describe, expect, it } from 'vitest';
import { areaOfRow, duplicateNames, unitRowErrors, unitRowOf, UNIT_IMPORT_TEXT } from '../../../domain/unitImport.ts';

const bureau = { platform: false as const, area: '城东区' };

describe('a unit import row', () => {
  it('reads the sheet\'s cells', () => {
    expect(unitRowOf({ 机构名称: ' 一小 ', 管理员手机号: '139 0000 0001', 区域: '', 到期日期: '2027-08-31' }))
      .toEqual({ orgName: '一小', adminPhone: '13900000001', expiration: '2027-08-31' });
  });

  it('lists every problem of a row', () => {
    expect(unitRowErrors({ orgName: '', adminPhone: '123', expiration: '31/08/2027' }, { platform: true })).toEqual([
      UNIT_IMPORT_TEXT.nameRequired, UNIT_IMPORT_TEXT.badPhone('123'), UNIT_IMPORT_TEXT.badExpiration('31/08/2027'),
    ]);
    expect(unitRowErrors({ orgName: '一小', adminPhone: '13900000001' }, bureau)).toEqual([]);
    expect(unitRowErrors({ orgName: 'x'.repeat(65), adminPhone: '13900000001' }, bureau)).toEqual([UNIT_IMPORT_TEXT.nameTooLong]);
  });

  it('a bureau imports into its own area only; the platform names any', () => {
    expect(areaOfRow(bureau, undefined)).toEqual({ area: '城东区' });
    expect(areaOfRow(bureau, '城东区')).toEqual({ area: '城东区' });
    expect(areaOfRow(bureau, '城西区')).toEqual({ error: UNIT_IMPORT_TEXT.otherArea('城西区') });
    expect(unitRowErrors({ orgName: '一小', adminPhone: '13900000001', area: '城西区' }, bureau)).toEqual([UNIT_IMPORT_TEXT.otherArea('城西区')]);
    expect(areaOfRow({ platform: true }, '城西区')).toEqual({ area: '城西区' });
    expect(areaOfRow({ platform: true }, undefined)).toEqual({ area: '' });
  });

  it('finds an org name given twice in one sheet, naming the first line', () => {
    expect([...duplicateNames([{ orgName: '一小' }, { orgName: '二小' }, { orgName: ' 一小' }, { orgName: '' }, { orgName: '' }])]).toEqual([[2, 2]]);
  });
});
