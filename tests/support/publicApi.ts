// What the sign-in e2e tests ask the server directly, as a client without a session: plain calls, the code the dev
// SMS outbox holds for a phone (the console SMS adapter's), and the image captcha's text (only a test may read it).
import { expect } from 'vitest';
import type { TestServer } from './testServer.ts';

export interface PublicApi {
  /** GET without a body, POST with one; the answer's HTTP status and envelope data */
  api<T = unknown>(path: string, body?: unknown): Promise<{ status: number; data: T }>;
  /** the latest code the dev outbox holds for the phone, once there is one (and it is not `not`) */
  outboxCode(phone: string, not?: string): Promise<string>;
  /** the text of the image captcha the server keeps for the account */
  captchaAnswer(username: string): Promise<string>;
}

export function publicApi(server: () => TestServer): PublicApi {
  const api = async <T,>(path: string, body?: unknown) => {
    const res = await fetch(`${server().url}${path}`, {
      method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { data: T };
    return { status: res.status, data: json.data };
  };
  return {
    api,
    async outboxCode(phone, not) {
      let code = '';
      await expect.poll(async () => {
        const res = await api<{ code: string }>(`/v1/dev/smsoutbox?phoneNumber=${phone}`);
        code = res.status === 200 ? res.data.code : '';
        return Boolean(code) && code !== not;
      }, { timeout: 30_000 }).toBe(true);
      return code;
    },
    async captchaAnswer(username) {
      const row = await server().store.db.selectFrom('captchas').select('answer').where('id', '=', `image:${username}`).executeTakeFirstOrThrow();
      return row.answer;
    },
  };
}
