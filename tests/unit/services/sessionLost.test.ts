// §8 a 401 ends the session the console holds only when the request carried that session's token: a request sent
// without one (after a sign-out or an expiry) or with an earlier session's token says nothing about the current
// one. (An e2e model path once saw "login expired" over the login page after an expired session had been signed
// out, when a request started before the sign-out answered after it.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etagVersion, host, onSessionLost, setAuthContext } from '../../../services/http.ts';
import { fetchFoodLabelConfig, saveFoodLabelConfig } from '../../../services/settings.ts';
import { request } from '../../../services/transport.ts';

const unauthorized = { status_code: 401, status_text: '登录已过期，请重新登录', data: null };

function listen() {
  const lost: number[] = [];
  onSessionLost((status) => lost.push(status));
  return lost;
}

afterEach(() => {
  onSessionLost(null);
  setAuthContext({ accesstoken: null, key: null });
  vi.unstubAllGlobals();
  host().defaults.adapter = undefined;
});

describe('the fetch transport', () => {
  const answer401 = () => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(unauthorized), { status: 401 })));

  it('reports a 401 to a request with the current token', async () => {
    answer401();
    const lost = listen();
    setAuthContext({ accesstoken: 'token-now' });
    await expect(request('GET', '/v2/users/loginstatus')).rejects.toMatchObject({ status: 401 });
    expect(lost).toEqual([401]);
  });

  it('does not report a 401 to a request sent without a token, or with an earlier token', async () => {
    answer401();
    const lost = listen();
    await expect(request('GET', '/v2/users/loginstatus')).rejects.toMatchObject({ status: 401 });
    setAuthContext({ accesstoken: 'token-now' });
    await expect(request('GET', '/v2/users/loginstatus', {}, { accesstoken: 'token-before' })).rejects.toMatchObject({ status: 401 });
    expect(lost).toEqual([]);
  });

  it('does not report a sign-in call refused with 401 (a wrong password)', async () => {
    answer401();
    const lost = listen();
    setAuthContext({ accesstoken: 'token-now' });
    await expect(request('POST', '/v1/passport/login', { body: {} }, { ignoreSessionLost: true })).rejects.toMatchObject({ status: 401 });
    expect(lost).toEqual([]);
  });
});

describe('the axios hosts', () => {
  // the envelope's status_code carries the 401 on an HTTP 200, as some §7 answers do
  const answerEnvelope401 = () => {
    const sent: (string | undefined)[] = [];
    host().defaults.adapter = async (config) => {
      sent.push(config.headers.get('accesstoken') as string | undefined);
      return { data: unauthorized, status: 200, statusText: 'OK', headers: {}, config, request: {} };
    };
    return sent;
  };

  it('reports a lost session only for the request that carried the current token', async () => {
    const sent = answerEnvelope401();
    const lost = listen();
    await expect(host().get('/v2/permission/user/menu')).rejects.toMatchObject({ statusCode: 401 });
    setAuthContext({ accesstoken: 'token-now' });
    await expect(host().get('/v2/permission/user/menu', { headers: { accesstoken: 'token-before' } })).rejects.toMatchObject({ statusCode: 401 });
    expect(lost).toEqual([]);
    await expect(host().get('/v2/permission/user/menu')).rejects.toMatchObject({ statusCode: 401 });
    expect(lost).toEqual([200]);
    expect(sent).toEqual([undefined, 'token-before', 'token-now']);
  });
});

describe('config paths answering an ETag (issue 31)', () => {
  it('reads the version from the ETag, sends it back as If-Match and takes the new one from the write', async () => {
    const sent: { method?: string; ifMatch: unknown }[] = [];
    let version = 4;
    host().defaults.adapter = async (config) => {
      sent.push({ method: config.method, ifMatch: config.headers.get('if-match') ?? undefined });
      if (config.method === 'put') version += 1;
      const body = { status_code: 200, status_text: '', data: { fields: [], saltConversionTip: '', isDefault: false } };
      return { data: body, status: 200, statusText: '', headers: { etag: `"${version}"` }, config, request: {} } as never;
    };
    const read = await fetchFoodLabelConfig();
    expect(read.version).toBe(4);
    const after = await saveFoodLabelConfig({ fields: [], saltConversionTip: read.saltConversionTip }, read.version);
    expect(after.version).toBe(5);
    expect(sent).toEqual([{ method: 'get', ifMatch: undefined }, { method: 'put', ifMatch: '"4"' }]);
    expect([etagVersion('W/"7"'), etagVersion('7'), etagVersion('"x"'), etagVersion(undefined)]).toEqual([7, 7, undefined, undefined]);
  });
});
