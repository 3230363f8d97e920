// Issue 31: the console's version plumbing (docs/versions.md "The console"). A config path's version is read from its
// answer's ETag, sent back as If-Match with the write (a version of 0 included: "not there yet" is a version too),
// and the write's answer names the next one; a batch of paths sends a versions map of only the paths it read; a 409
// is an ApiError the screens tell by isStaleVersion, and the shared stale listener hears the server's text.
import { afterEach, describe, expect, it } from 'vitest';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { etagVersion, host, ifMatch, isStaleVersion, onStale, type HostName } from '../../../services/http.ts';
import { fetchConfigPath, updateOrgConfig } from '../../../services/config.ts';
import { saveLocaleOverrides, saveSettings, saveTheme, versionsOf } from '../../../services/settings.ts';
import { setSupermarketMargin, supermarketMargin } from '../../../services/mall/supermarkets.ts';

interface Sent { method?: string; url?: string; params?: unknown; body: unknown; ifMatch: unknown }

/** Answers every call of a host from `answer`, keeping what was sent. */
function serve(name: HostName, answer: (c: InternalAxiosRequestConfig) => { status?: number; body: unknown; etag?: string; headers?: Record<string, string> }): Sent[] {
  const sent: Sent[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push({
      method: config.method, url: config.url, params: config.params, body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      ifMatch: config.headers.get('if-match') ?? undefined,
    });
    const a = answer(config);
    const response = { data: a.body, status: a.status ?? 200, statusText: '', headers: { ...a.headers, ...(a.etag && { etag: a.etag }) }, config, request: {} };
    // as axios does: a status outside 2xx rejects with the response attached
    if (response.status >= 300) throw new AxiosError(`status ${response.status}`, 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
  host(name).defaults.adapter = adapter;
  return sent;
}
const ok = (data: unknown) => ({ status_code: 200, status_text: '', data });

afterEach(() => {
  for (const name of ['canteen', 'mall'] as const) host(name).defaults.adapter = undefined;
  onStale(null);
});

describe('etagVersion and ifMatch', () => {
  it('reads a strong or weak ETag of digits, nothing else', () => {
    expect(['"3"', 'W/"3"', '3', ' "12" ', '"0"'].map(etagVersion)).toEqual([3, 3, 3, 12, 0]);
    expect(['"x"', '', '"3', 'W/', '"-1"', '"1.5"', undefined, null, 3].map(etagVersion)).toEqual(Array(9).fill(undefined));
  });

  it('sends the version read, 0 included; nothing when none was read', () => {
    expect(ifMatch(undefined)).toEqual({});
    expect(ifMatch(0)).toEqual({ headers: { 'if-match': '"0"' } });
    expect(ifMatch(7)).toEqual({ headers: { 'if-match': '"7"' } });
  });
});

describe('config paths', () => {
  it('a path is read with its version and written back with it; the answer names the next', async () => {
    let version = 4;
    const sent = serve('canteen', (c) => {
      if (c.method === 'put') version += 1;
      const path = c.method === 'get' ? (c.params as { path: string }).path : (JSON.parse(c.data as string) as { path: string }).path;
      return { body: ok({ [path]: c.method === 'get' ? '旧标题' : JSON.parse(c.data as string).value }), etag: `"${version}"` };
    });
    const read = await fetchConfigPath('titleName');
    expect(read).toEqual({ value: '旧标题', version: 4 });
    const after = await updateOrgConfig('titleName', '新标题', read.version);
    expect(after).toEqual({ value: '新标题', version: 5 });
    // a path no form has, as the all-paths editor writes it; a new one claims version 0
    await updateOrgConfig('customPath', { a: 1 }, 0);
    await updateOrgConfig('customPath', { a: 2 });
    expect(sent).toEqual([
      { method: 'get', url: '/v1/config/org', params: { path: 'titleName' }, body: undefined, ifMatch: undefined },
      { method: 'put', url: '/v1/config/org', params: undefined, body: { path: 'titleName', value: '新标题' }, ifMatch: '"4"' },
      { method: 'put', url: '/v1/config/org', params: undefined, body: { path: 'customPath', value: { a: 1 } }, ifMatch: '"0"' },
      { method: 'put', url: '/v1/config/org', params: undefined, body: { path: 'customPath', value: { a: 2 } }, ifMatch: undefined },
    ]);
  });

  it('an unset path reads null, and an answer without an ETag no version', async () => {
    serve('canteen', () => ({ body: ok({}) }));
    expect(await fetchConfigPath('systemNotify')).toEqual({ value: null, version: undefined });
  });

  it('the theme and the text overrides are written to their own routes with the version read', async () => {
    const sent = serve('canteen', (c) => ({
      body: ok(c.url === '/v1/config/theme' ? { ysdadminTheme: { brandColor: '#123456', mode: 'dark' } } : { 'en-US': { 首页: 'Home' } }), etag: '"9"',
    }));
    expect(await saveTheme({ brandColor: '#123456', mode: 'dark' }, 8)).toEqual({ value: { brandColor: '#123456', mode: 'dark' }, version: 9 });
    expect(await saveLocaleOverrides({ 'en-US': { 首页: 'Home' } }, 8)).toEqual({ value: { 'en-US': { 首页: 'Home' } }, version: 9 });
    expect(sent.map((s) => [s.url, s.body, s.ifMatch])).toEqual([
      ['/v1/config/theme', { ysdadminTheme: { brandColor: '#123456', mode: 'dark' } }, '"8"'],
      ['/v1/config/locales', { locales: { 'en-US': { 首页: 'Home' } } }, '"8"'],
    ]);
  });

  it('several paths in one write send the version read of each, only those read', async () => {
    expect(versionsOf({ titleName: 3, systemName: undefined, systemNotify: 0 })).toEqual({ titleName: 3, systemNotify: 0 });
    const sent = serve('canteen', () => ({ body: ok({}) }));
    await saveSettings({ titleName: 'a', systemName: 'b' }, { titleName: 3, systemName: 5 });
    await saveSettings({ titleName: 'a' }, { titleName: undefined });
    await saveSettings({ titleName: 'a' });
    expect(sent.map((s) => s.body)).toEqual([
      { config: { titleName: 'a', systemName: 'b' }, versions: { titleName: 3, systemName: 5 } },
      { config: { titleName: 'a' } },
      { config: { titleName: 'a' } },
    ]);
    expect(sent.every((s) => s.url === '/v2/config/org' && s.method === 'put' && s.ifMatch === undefined)).toBe(true);
  });

  it("takes each path's next version from the answer's config-versions header; a path it does not name has none", async () => {
    serve('canteen', () => ({ body: ok({ titleName: 'a', systemName: 'b' }), headers: { 'config-versions': '{"titleName":4,"systemName":6,"x":"7"}' } }));
    expect(await saveSettings({ titleName: 'a', systemName: 'b' }, { titleName: 3, systemName: 5 }))
      .toEqual({ titleName: { value: 'a', version: 4 }, systemName: { value: 'b', version: 6 } });
    serve('canteen', () => ({ body: ok({ titleName: 'a' }), headers: { 'config-versions': 'not json' } }));
    expect(await saveSettings({ titleName: 'a' })).toEqual({ titleName: { value: 'a', version: undefined } });
  });
});

describe('the supermarket margin', () => {
  it('is read with its version on the mall host and set with it', async () => {
    const sent = serve('mall', (c) => ({ body: ok({ margin: c.method === 'put' ? 12.5 : 10 }), etag: c.method === 'put' ? '"3"' : '"2"' }));
    const read = await supermarketMargin();
    expect(read).toEqual({ margin: 10, version: 2 });
    expect(await setSupermarketMargin(12.5, read.version)).toEqual({ margin: 12.5, version: 3 });
    expect(sent.map((s) => [s.method, s.url, s.ifMatch])).toEqual([['get', '/v5/mall/supermarket/margin', undefined], ['put', '/v5/mall/supermarket/margin', '"2"']]);
  });
});

describe('a stale version', () => {
  it('is a 409 the screens tell apart, and the shared listener hears who changed it', async () => {
    const heard: string[] = [];
    onStale((text) => heard.push(text));
    const text = '该数据已被 张三 修改（2026-11-29 15:00），请刷新后重试';
    serve('canteen', () => ({ status: 409, body: { status_code: 409, status_text: text, data: null } }));
    const refused = await updateOrgConfig('titleName', 'x', 1).catch((e: unknown) => e);
    expect(isStaleVersion(refused)).toBe(true);
    expect(refused).toMatchObject({ status: 409, message: text });
    expect(heard).toEqual([text]);
    // another refusal is not stale
    serve('canteen', () => ({ status: 400, body: { status_code: 400, status_text: '参数错误', data: null } }));
    const bad = await updateOrgConfig('titleName', '', 1).catch((e: unknown) => e);
    expect(isStaleVersion(bad)).toBe(false);
    expect(heard).toHaveLength(1);
  });
});
