// The list query layer's readings (server/http/listQuery.ts, docs/query-language.md): $select against the row's
// fields, the row key it keeps, the layer's paging, and the §7 '0$n' flag form.
import { describe, expect, it } from 'vitest';
import { flagFilter, listRowSchema, parseSelect, rowKeyOf, shapeRows } from '../../../server/http/listQuery.ts';
import { HttpError } from '../../../server/http/errors.ts';
import { listSchema, envelopeSchema } from '../../../server/http/envelope.ts';

const refusal = (run: () => unknown) => {
  try { run(); } catch (e) { return e instanceof HttpError ? [e.statusCode, e.message] : e; }
  return null;
};

describe('the list query layer', () => {
  it('knows a list answer by its rows, and nothing else', () => {
    const row = { type: 'object', properties: { id: { type: 'string' } } };
    expect(listRowSchema({ 200: listSchema(row) })).toEqual(row);
    expect(listRowSchema({ 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' } } }) })).toBeNull();
    expect(listRowSchema(undefined)).toBeNull();
  });

  it('reads $select against the row fields, naming one it does not have', () => {
    expect(parseSelect('name, code', ['id', 'name', 'code'])).toEqual(['name', 'code']);
    expect(parseSelect(undefined, ['id'])).toBeNull();
    expect(parseSelect(' , ', ['id'])).toBeNull();
    expect(refusal(() => parseSelect('name,password', ['id', 'name']))).toEqual([400, '参数错误：不支持的字段 $select.password']);
    // a row schema naming no fields takes any plain name, never an expression
    expect(parseSelect('anything', null)).toEqual(['anything']);
    expect(refusal(() => parseSelect('a.b', null))).toEqual([400, '参数错误：不支持的字段 $select.a.b']);
  });

  it('keeps the row key whatever is selected, and cuts its own page', () => {
    expect(rowKeyOf(['id', 'name'])).toBe('id');
    expect(rowKeyOf(['itemId', 'formData'])).toBe('itemId');
    expect(rowKeyOf(['name', 'code'])).toBe('id');
    const rows = [{ id: 'a', name: '甲', code: 1 }, { id: 'b', name: '乙', code: 2 }, { id: 'c', name: '丙', code: 3 }];
    expect(shapeRows(rows, ['name'], null)).toEqual([{ id: 'a', name: '甲' }, { id: 'b', name: '乙' }, { id: 'c', name: '丙' }]);
    expect(shapeRows(rows, null, { skip: 1, limit: 1 })).toEqual([rows[1]]);
    expect(shapeRows(rows, ['code'], { skip: 2, limit: 5 }, 'id')).toEqual([{ id: 'c', code: 3 }]);
  });

  it("reads '0$n' as the value 0 or unset, and refuses any other flag text naming the field", () => {
    expect(flagFilter('0$n', 'isDelete')).toBe(false);
    expect(flagFilter('0', 'isDelete')).toBe(false);
    expect(flagFilter('1', 'disabled')).toBe(true);
    expect(flagFilter(undefined, 'disabled')).toBeUndefined();
    expect(refusal(() => flagFilter('2$n', 'disabled'))).toEqual([400, '参数错误：disabled 只能是 0、1 或 0$n']);
  });
});
