// Issue 16 point 6: no input makes the server answer 500. Every route of the OpenAPI document gets each class
// of bad value in each query parameter, path parameter and top-level body property (the rest of the body
// made valid from its schema, so the bad value is what the server meets), and a 100,000-deep JSON body.
// Every answer must be the envelope with a readable status_text, and none may be 5xx; a NUL (U+0000), in a body,
// query or path, is refused (4xx) by every route (issue 12).
//
// The walk is about 14,500 requests: one file made it the api project's longest file by far, and the last to end
// (issue 32). It is dealt into SHARDS files (shard1.test.ts …), probe i to shard i % SHARDS, each on its own server,
// so the workers share it; together they send exactly the probes the one file sent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/testServer.ts';
import { signIn, DEMO, SCHOOL_A, type Session } from '../usersApi.ts';
import { sample, type Schema } from '../../support/openApiSample.ts';

/** How many files the walk is dealt into (tests/api/badInput/shard*.test.ts: one file per shard). */
export const SHARDS = 4;
const HERE = path.dirname(fileURLToPath(import.meta.url));


interface Operation { parameters?: { name: string; in: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }

/** Bad values as raw text: for JSON bodies (a JSON literal) and for URLs (already percent-encoded). */
const BAD: { name: string; json: string; url: string }[] = [
  { name: 'NUL', json: '"a\\u0000b"', url: 'a%00b' },
  { name: 'lone surrogate', json: '"\\ud800x"', url: '%ED%A0%80x' },
  { name: 'Infinity', json: '"Infinity"', url: 'Infinity' },
  { name: '1e999', json: '1e999', url: '1e999' },
  { name: 'beyond int32', json: '2147483648', url: '2147483648' },
  { name: 'beyond int64', json: '9223372036854775808', url: '9223372036854775808' },
  { name: '-1e308', json: '-1e308', url: '-1e308' },
  { name: 'bare number as date', json: '1700000000000', url: '1700000000000' },
  { name: 'garbage date', json: '"2026-13-45T99:99"', url: '2026-13-45T99%3A99' },
];


interface Probe { method: string; path: string; body?: string; what: string }

function probesOf(path: string, method: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const fill = (overrides: Record<string, string> = {}) => path.replace(/\{(\w+)\}/g, (_, n: string) => overrides[n] ?? 'x');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const base = bodySchema ? sample(bodySchema) : undefined;
  const baseBody = base && typeof base === 'object' && !Array.isArray(base) ? base as Record<string, unknown> : undefined;
  const bodyText = base === undefined ? undefined : JSON.stringify(base);
  const out: Probe[] = [];
  for (const bad of BAD) {
    for (const p of pathParams) out.push({ method, path: fill({ [p.name]: bad.url }), body: bodyText, what: `path ${p.name} ${bad.name}` });
    for (const q of query) out.push({ method, path: `${fill()}?${q.name}=${bad.url}`, body: bodyText, what: `query ${q.name} ${bad.name}` });
    for (const prop of Object.keys(bodySchema?.properties ?? {})) {
      const rest = JSON.stringify({ ...baseBody, [prop]: null }).replace(`"${prop}":null`, `"${prop}":${bad.json}`);
      out.push({ method, path: fill(), body: rest, what: `body ${prop} ${bad.name}` });
    }
  }
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    out.push({ method, path: fill(), body: '['.repeat(100_000) + ']'.repeat(100_000), what: 'body 100000-deep' });
    out.push({ method, path: fill(), body: '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), what: 'body 100000-deep object' });
  }
  return out;
}

async function runAll(server: TestServer, probes: Probe[], s: Session, concurrency = 6) {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const p = probes[next++];
      const headers: Record<string, string> = { accesstoken: s.token, key: s.key! };
      if (p.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${server.url}${p.path}`, { method: p.method, headers, body: p.body });
      const text = await res.text();
      let envelope: { status_code?: unknown; status_text?: unknown } | null = null;
      try { envelope = JSON.parse(text); } catch { /* not JSON */ }
      // a NUL is refused wherever it is sent (issue 12): an answer that took it (2xx) is a failure too
      if (p.what.endsWith(' NUL') && res.status < 400) failures.push(`NUL taken: ${res.status} ${p.method} ${p.path.slice(0, 80)} (${p.what})`);
      else if (res.status >= 500) failures.push(`${res.status} ${p.method} ${p.path.slice(0, 80)} (${p.what}): ${String(envelope?.status_text ?? text).slice(0, 80)}`);
      else if (res.status >= 400 && (typeof envelope?.status_text !== 'string' || !envelope.status_text || envelope.status_code !== res.status)) {
        failures.push(`no envelope: ${res.status} ${p.method} ${p.path.slice(0, 80)} (${p.what})`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  // the assertion's diff is cut short: the whole list goes to the output
  if (failures.length) console.error(`${failures.length} bad answers:\n${failures.join('\n')}`);
  return failures;
}

// sign-out would end the session the walk runs on; the event stream never ends
const SKIP = /logout|\/v1\/events|\/docs/;

async function allProbes(server: TestServer): Promise<Probe[]> {
  const doc = await (await fetch(`${server.url}/docs/json`)).json() as { paths: Record<string, Record<string, Operation>> };
  const probes: Probe[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (SKIP.test(path)) continue;
    for (const [method, op] of Object.entries(ops)) probes.push(...probesOf(path, method.toUpperCase(), op));
  }
  return probes;
}

/** Registers shard `shard` (0-based) of the walk in the calling test file. */
export function badInputShard(shard: number): void {
  const mine = <T>(list: T[]) => list.filter((_, i) => i % SHARDS === shard);
  // this file's own: files of one worker share walk.ts (isolate: false)
  let server: TestServer;
  let platform: Session;
  let admin: Session;
  beforeAll(async () => {
    server = await startTestServer();
    platform = await signIn(server, DEMO.provider, SCHOOL_A);
    admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  });
  afterAll(async () => { await server?.close(); });

  describe(`bad input on every route (shard ${shard + 1} of ${SHARDS})`, () => {
    it('never gives 5xx, as the platform', async () => {
      // every shard is there, or a part of the walk would silently go unsent
      expect(fs.readdirSync(HERE).filter((f) => /^shard\d+\.test\.ts$/.test(f)).length).toBe(SHARDS);
      const probes = await allProbes(server);
      expect(probes.length).toBeGreaterThan(2000);
      expect(await runAll(server, mine(probes), platform)).toEqual([]);
    }, 600_000);

    it('never gives 5xx, as a school admin', async () => {
      // one value of each class per route is enough for the other caller: the paths differ by powers, not parsing
      const probes = (await allProbes(server)).filter((p, i) => i % 3 === 0 || p.what.includes('deep'));
      expect(await runAll(server, mine(probes), admin)).toEqual([]);
    }, 600_000);
  });
}
