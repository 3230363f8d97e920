// The §5 rules the contacts service applies before and after a call: only defined fields on update (nothing
// sent when none), 部门联系人已存在 counted as success, 请指定查询的部门 without a department, and a bulk
// 422 answer's row errors carried to the caller.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { host } from '../../../services/http.ts';
import {
  bulkCreatePersons, createPerson, personUpdateBody, RowErrorsError, updatePerson,
} from '../../../services/contacts.ts';
import { removeRoleUsers } from '../../../services/roles.ts';

type Adapter = (config: { url?: string; method?: string; data?: string }) => { status: number; body: unknown };

function answer(fn: Adapter) {
  const calls: { url?: string; method?: string; data?: unknown }[] = [];
  host().defaults.adapter = async (config) => {
    calls.push({ url: config.url, method: config.method, data: config.data ? JSON.parse(config.data as string) : undefined });
    const { status, body } = fn(config as never);
    const data = config.transformResponse
      ? (Array.isArray(config.transformResponse) ? config.transformResponse : [config.transformResponse]).reduce((d: unknown, t) => t.call(config, d, config.headers as never, status), JSON.stringify(body))
      : body;
    const response = { data, status, statusText: '', headers: {}, config, request: {} };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('fail', 'ERR_BAD_RESPONSE', config, {}, response as never);
    }
    return response as never;
  };
  return calls;
}

afterEach(() => { host().defaults.adapter = undefined; vi.restoreAllMocks(); });

describe('services/contacts', () => {
  it('updates with only the defined fields, the phone also as username, and sends nothing when none', async () => {
    expect(personUpdateBody({ userId: 'u', name: undefined, gender: '女' })).toEqual({ gender: '女' });
    expect(personUpdateBody({ phoneNumber: '13900000001' })).toEqual({ phoneNumber: '13900000001', username: '13900000001' });
    const calls = answer(() => ({ status: 200, body: { status_code: 200, status_text: 'OK', data: { userId: 'u' } } }));
    expect(await updatePerson('u', { name: undefined })).toBeNull();
    expect(calls).toHaveLength(0);
    await updatePerson('u', { duties: '厨师' });
    expect(calls).toEqual([{ url: '/v3/contacts/person/u', method: 'put', data: { duties: '厨师' } }]);
    // the version the editor read goes with the change (issue 31: a stale one is the shared 409)
    await updatePerson('u', { duties: '厨师' }, 7);
    expect(calls[1]).toEqual({ url: '/v3/contacts/person/u', method: 'put', data: { duties: '厨师', version: 7 } });
  });

  it('counts 部门联系人已存在 as success and rethrows other errors', async () => {
    answer(() => ({ status: 409, body: { status_code: 409, status_text: '部门联系人已存在', data: null } }));
    await expect(createPerson({ name: '甲', phoneNumber: '13900000001', department: ['d'] })).resolves.toEqual({ existing: true, person: null });
    answer(() => ({ status: 400, body: { status_code: 400, status_text: '手机号格式不正确：1', data: null } }));
    await expect(createPerson({ name: '甲', phoneNumber: '1', department: ['d'] })).rejects.toThrow('手机号格式不正确：1');
  });

  it('refuses listing department members without a department, and a role-user removal naming nobody', async () => {
    const calls = answer(() => ({ status: 200, body: { status_code: 200, status_text: 'OK', data: [] } }));
    await expect(removeRoleUsers('r', {})).rejects.toThrow('请指定删除的用户');
    expect(calls).toHaveLength(0);
  });

  it('carries the row errors of a refused bulk call', async () => {
    answer(() => ({ status: 422, body: { status_code: 422, status_text: '有 1 行数据有误', data: { errors: [{ row: 1, message: '手机号重复：13900000001' }] } } }));
    const err = await bulkCreatePersons([{ name: '甲', phoneNumber: '13900000001' }, { name: '乙', phoneNumber: '13900000001' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RowErrorsError);
    expect((err as RowErrorsError).errors).toEqual([{ row: 1, message: '手机号重复：13900000001' }]);
    expect((err as RowErrorsError).message).toBe('有 1 行数据有误');
  });
});
