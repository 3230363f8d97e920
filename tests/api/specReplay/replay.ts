// Issue 15 done-when: "an API test replays each documented request shape (with every §3 field of its entity) and
// gets 200". Each group file (`<group>.replays.ts`) lists its §7 calls as replays in the order they run (a
// replay may use what an earlier one created); `<group>.test.ts` runs them against a real server. A replay
// names its call exactly as contracts/specCalls.ts does; the runner checks that the request carries every
// field the list gives the call (a field the call cannot carry together with the others is named in `omit`
// with the reason) and that the answer is HTTP 200 with envelope status 200. specReplayCoverage.test.ts
// checks that every served call has a replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_CALLS, type SpecCall } from '../../../contracts/specCalls.ts';
import { startTestServer, type TestServer } from '../../support/testServer.ts';
import type { Session } from '../usersApi.ts';
import type { Envelope } from '../../../domain/types.ts';

export interface ReplayRequest {
  /** the signed-in caller; none for the passport calls made before sign-in */
  as?: Session;
  /** the path with its parameters filled in; a query string is built from `query` */
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ReplayContext {
  server: TestServer;
}

export interface Replay {
  /** `METHOD /path/{param}` exactly as in contracts/specCalls.ts */
  call: string;
  /** builds the request; may make setup calls first (through `call` from usersApi.ts) */
  request: (ctx: ReplayContext) => Promise<ReplayRequest> | ReplayRequest;
  /** fields of the call this request leaves out, each with the reason (two fields that exclude each other) */
  omit?: Record<string, string>;
  /** more expectations on the answer's data, after the 200 */
  check?: (data: unknown, ctx: ReplayContext) => void | Promise<void>;
}

export const callKey = (c: Pick<SpecCall, 'method' | 'path'>) => `${c.method} ${c.path}`;

export function specCallOf(key: string): SpecCall {
  const found = SPEC_CALLS.find((c) => callKey(c) === key);
  if (!found) throw new Error(`${key} is not a call of contracts/specCalls.ts`);
  return found;
}

/** Names a request carries: query keys, body keys (of each row when the body is a list), and dotted keys of nested objects. */
export function namesSent(req: ReplayRequest): Set<string> {
  // a dotted query key (extraInfo.category) carries its head too, as a nested body key does
  const names = new Set(Object.keys(req.query ?? {}).flatMap((k) => [k, k.split('.')[0]]));
  const walk = (value: unknown, prefix: string) => {
    if (Array.isArray(value)) { for (const v of value) walk(v, prefix); return; }
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      names.add(prefix + k);
      if (!prefix) walk(v, `${k}.`);
    }
  };
  walk(req.body, '');
  return names;
}

/** The §3 fields of `spec` the request does not carry (`a=b,c` means a is sent as b and c). */
export function missingFields(spec: SpecCall, req: ReplayRequest, omit: Record<string, string> = {}): string[] {
  const names = namesSent(req);
  const pathParams = new Set([...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  return spec.fields.filter((field) => {
    const [name, sentAs] = field.split('=');
    if (name in omit || pathParams.has(name)) return false;
    if (sentAs) return !sentAs.split(',').every((n) => names.has(n));
    return !names.has(name);
  });
}

function withQuery(p: string, query: ReplayRequest['query']): string {
  if (!query || Object.keys(query).length === 0) return p;
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `${p}${p.includes('?') ? '&' : '?'}${qs.toString()}`;
}

/** Runs a group's replays in order against one server of the seeded demo. */
export function replayAll(group: string, replays: Replay[]): void {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.close(); });

  describe(`§7 ${group}: each documented request shape with every §3 field gets 200`, () => {
    for (const replay of replays) {
      it(replay.call, async () => {
        const spec = specCallOf(replay.call);
        for (const reason of Object.values(replay.omit ?? {})) expect(reason.length, 'an omitted field needs its reason').toBeGreaterThan(10);
        const ctx = { server };
        const req = await replay.request(ctx);
        expect(missingFields(spec, req, replay.omit), `fields of ${replay.call} the request does not carry`).toEqual([]);
        const concrete = req.path;
        expect(concrete, 'the path fills in every parameter').not.toMatch(/\{\w+\}/);
        const headers: Record<string, string> = { platform: 'web', ...req.headers };
        if (req.as?.token) headers.accesstoken = req.as.token;
        if (req.as?.key) headers.key = req.as.key;
        if (req.body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(`${server.url}${withQuery(concrete, req.query)}`, {
          method: spec.method, headers, body: req.body === undefined ? undefined : JSON.stringify(req.body),
        });
        // a download (an Excel sheet, a captcha image) answers its bytes; every other call answers the envelope
        const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
        const envelope = isJson ? ((await res.json()) as Envelope<unknown>) : undefined;
        expect(res.status, `${replay.call}: ${envelope?.status_text ?? ''}`).toBe(200);
        if (envelope) expect(envelope.status_code, envelope.status_text).toBe(200);
        else expect((await res.arrayBuffer()).byteLength, 'a download has bytes').toBeGreaterThan(0);
        await replay.check?.(envelope?.data, ctx);
      });
    }
  });
}
