// The local ingredient import's refusal as the console reads it: every refused row and its reasons come from the
// envelope's data.errors (in the user's language, whatever the status text says), not parsed out of status_text.
import { afterEach, describe, expect, it } from 'vitest';
import { host } from '../../../services/http.ts';
import { ImportError } from '../../../services/mall/imports.ts';
import { importFoodIngredients } from '../../../services/recipes.ts';

function answer(status: number, body: unknown) {
  host('mall').defaults.adapter = async (config) => {
    const steps = config.transformResponse ? [config.transformResponse].flat() : [];
    const data = steps.reduce((d: unknown, t) => t.call(config, d, config.headers as never, status), JSON.stringify(body));
    const response = { data, status, statusText: '', headers: {}, config, request: {} };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('fail', 'ERR_BAD_RESPONSE', config, {}, response as never);
    }
    return response as never;
  };
}

afterEach(() => { host('mall').defaults.adapter = undefined; });

const ROW = { row: 2, nameZh: '豆花', group: '其他' };

async function refusal(): Promise<ImportError> {
  try {
    await importFoodIngredients([ROW]);
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw e;
  }
  throw new Error('the import was not refused');
}

describe('importFoodIngredients', () => {
  it('answers the counts of a written import', async () => {
    answer(200, { status_code: 200, status_text: 'OK', data: { created: 1, updated: 0 } });
    expect(await importFoodIngredients([ROW])).toEqual({ created: 1, updated: 0 });
  });

  it('refuses with the rows of data.errors, as the server worded them in the user\'s language', async () => {
    const errors = [
      { row: 3, errors: ['The ingredient name cannot be empty'] },
      { row: 9, errors: ['The ingredient name is repeated: 豆花', 'The edible part must be above 0 and at most 100 (%)'] },
    ];
    // the status text names only the first row: the rows come from data.errors
    answer(400, { status_code: 400, status_text: 'Nothing was imported: 2 row(s) with errors: Row 3: The ingredient name cannot be empty', data: { errors } });
    const e = await refusal();
    expect(e.rows).toEqual(errors);
    expect(e.message).toBe('Nothing was imported: 2 row(s) with errors: Row 3: The ingredient name cannot be empty');
  });

  it('reads no rows out of a status text: a refusal without data.errors has none', async () => {
    answer(400, { status_code: 400, status_text: '导入失败，没有写入任何数据：第 3 行：食材名称不能为空', data: null });
    const e = await refusal();
    expect(e.rows).toEqual([]);
    expect(e.message).toBe('导入失败，没有写入任何数据：第 3 行：食材名称不能为空');
  });
});
