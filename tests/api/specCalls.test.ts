// Issue 15: every §7 call of contracts/specCalls.ts is served (it is in the OpenAPI document) and used by the
// console (a function in services/ calls it), or its note says why not. The list is the baseline: a call
// that is served and carries no "not served" note fails the test the day it disappears. Prints coverage.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_CALLS, type SpecCall } from '../../contracts/specCalls.ts';
import type { Replay } from './specReplay/replay.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let served: Set<string>;
type Operation = { parameters?: { name: string }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type JsonSchema = { properties?: Record<string, unknown>; additionalProperties?: unknown; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[] };
let operations: Map<string, Operation>;

/** METHOD + path with every parameter written {} and no query: the form both sides are compared in. */
const keyOf = (method: string, p: string): string => `${method.toUpperCase()} ${p.split('?')[0].replace(/\$\{[^}]*\}|\{[^}]*\}|:\w+/g, '{}').replace(/\/$/, '')}`;

/** The calls the console's services make, read from their source: `get('/p')`, `post<T>(\`/p/${id}\`)`, `{ method: 'PUT', path: '/p/{id}' }`. */
function consoleCalls(): Set<string> {
  const dir = path.resolve('services');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (/\.tsx?$/.test(e.name)) files.push(path.join(d, e.name));
    }
  };
  walk(dir);
  const found = new Set<string>();
  const verbs: Record<string, string> = { get: 'GET', post: 'POST', put: 'PUT', del: 'DELETE', remove: 'DELETE' };
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\b(get|post|put|del)(?:<[^(]*>)?\(\s*(['`])(\/v\d[^'`]*)\2/g)) found.add(keyOf(verbs[m[1]], m[3]));
    for (const m of text.matchAll(/method:\s*'(GET|POST|PUT|DELETE)'\s*,\s*path:\s*(['`])(\/v\d[^'`]*)\2/g)) found.add(keyOf(m[1], m[3]));
    // helpers taking the verb first: sendRows('post', '/p', …), bulk('put', '/p', …)
    for (const m of text.matchAll(/\b\w+(?:<[^(]*>)?\(\s*'(get|post|put|delete)'\s*,\s*(['`])(\/v\d[^'`]*)\2/g)) found.add(keyOf(m[1], m[3]));
  }
  return found;
}

beforeAll(async () => {
  server = await startTestServer();
  const doc = (await (await fetch(`${server.url}/docs/json`)).json()) as { paths: Record<string, Record<string, Operation>> };
  served = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => keyOf(m, p))));
  operations = new Map(Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => [keyOf(m, p), op] as const)));
});
afterAll(async () => { await server?.close(); });

const notServedNote = (c: SpecCall) => /not served/i.test(c.note);
const notUsedNote = (c: SpecCall) => /not used|not the console/i.test(c.note);

describe('§7 calls against the OpenAPI document and the console', () => {
  it('has each call once', () => {
    const keys = SPEC_CALLS.map((c) => keyOf(c.method, c.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('serves every call that carries no "not served" note, and uses every served call from services/ or says why not', () => {
    const used = consoleCalls();
    const rows = SPEC_CALLS.map((c) => ({ c, key: keyOf(c.method, c.path), isServed: served.has(keyOf(c.method, c.path)), isUsed: used.has(keyOf(c.method, c.path)) }));
    const byOwner = new Map<string, { total: number; served: number; used: number }>();
    for (const r of rows) {
      const o = byOwner.get(r.c.owner) ?? { total: 0, served: 0, used: 0 };
      o.total += 1; o.served += r.isServed ? 1 : 0; o.used += r.isUsed ? 1 : 0;
      byOwner.set(r.c.owner, o);
    }
    const total = rows.length;
    const nServed = rows.filter((r) => r.isServed).length;
    const nUsed = rows.filter((r) => r.isUsed).length;
    console.log(`§7 calls: ${total}; served ${nServed} (${Math.round((100 * nServed) / total)} %); used by the console ${nUsed} (${Math.round((100 * nUsed) / total)} %)`);
    for (const [owner, o] of byOwner) {
      const own = rows.filter((r) => r.c.owner === owner);
      const unusedWithReason = own.filter((r) => r.isServed && !r.isUsed && notUsedNote(r.c)).length;
      const unservedWithReason = own.filter((r) => !r.isServed && notServedNote(r.c)).length;
      console.log(`  ${owner.padEnd(10)} ${o.total} calls, served ${o.served}, used ${o.used}; not used with a written reason ${unusedWithReason}, not served with a written reason ${unservedWithReason}`);
    }
    const missing = rows.filter((r) => !r.isServed && !notServedNote(r.c)).map((r) => r.key);
    const unused = rows.filter((r) => r.isServed && !r.isUsed && !notUsedNote(r.c)).map((r) => r.key);
    const stale = rows.filter((r) => r.isServed && notServedNote(r.c)).map((r) => r.key);
    expect({ missing, unused, stale }).toEqual({ missing: [], unused: [], stale: [] });
  });

  it('accepts every documented request field of each served call (a query or path parameter, or a body property)', () => {
    const propsOf = (schema: JsonSchema | undefined): string[] => (schema
      ? [...Object.keys(schema.properties ?? {}), ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(propsOf)]
      : []);
    const refused: string[] = [];
    let checked = 0;
    for (const c of SPEC_CALLS) {
      const op = operations.get(keyOf(c.method, c.path));
      if (!op || c.fields.length === 0) continue;
      const body = op.requestBody?.content?.['application/json']?.schema;
      const names = new Set([...(op.parameters ?? []).map((x) => x.name), ...propsOf(body)]);
      // a body without declared properties takes any field (a free-form config value)
      const freeForm = body !== undefined && body.additionalProperties !== false && propsOf(body).length === 0;
      // `a=b,c`: the §3 field a sent as b and c; `extraInfo` also as its dotted parts (extraInfo.category)
      const accepted = (field: string) => {
        const [name, sentAs] = field.split('=');
        if (sentAs) return sentAs.split(',').every((n) => names.has(n));
        return names.has(name) || [...names].some((n) => n.startsWith(`${name}.`));
      };
      checked += c.fields.length;
      for (const f of c.fields) if (!freeForm && !accepted(f)) refused.push(`${c.method} ${c.path}: ${f}`);
    }
    console.log(`§7 request fields checked against the OpenAPI document: ${checked}, refused ${refused.length}`);
    expect(checked).toBeGreaterThan(300);
    expect(refused).toEqual([]);
  });

  it('replays every served call with its documented fields (tests/api/specReplay)', async () => {
    const dir = path.resolve('tests/api/specReplay');
    const replayed = new Map<string, string>();
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.replays.ts')).sort()) {
      const { replays } = (await import(path.join(dir, f))) as { replays: Replay[] };
      for (const r of replays) replayed.set(keyOf(...(r.call.split(' ') as [string, string])), f);
    }
    const servedCalls = SPEC_CALLS.filter((c) => served.has(keyOf(c.method, c.path)));
    const without = servedCalls.map((c) => keyOf(c.method, c.path)).filter((k) => !replayed.has(k));
    console.log(`§7 served calls replayed with their documented fields: ${servedCalls.length - without.length} of ${servedCalls.length}`);
    expect(without).toEqual([]);
  });
});
