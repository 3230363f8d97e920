// Issue 12: the console's files are sent precompressed (brotli or gzip, by Accept-Encoding) as the build wrote
// them; hashed assets are cached for a year, the HTML pages naming them are revalidated on every load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let dir: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const page = `<!doctype html><html><body><script type="module" src="/assets/index-AbC123.js"></script>${' '.repeat(2000)}</body></html>`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  // what scripts/precompress.ts writes after a build: the file and its two compressed copies
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(text));
  };
  write('index.html', page);
  write('assets/index-AbC123.js', script);
  server = await startTestServer({ seed: false, staticDir: dir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** node's fetch decodes bodies; a raw request shows what the server put on the wire */
async function raw(urlPath: string, acceptEncoding: string) {
  const res = await server.app.inject({ method: 'GET', url: urlPath, headers: { 'accept-encoding': acceptEncoding } });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

describe('static assets', () => {
  it('are sent as brotli, else gzip, else plain, by what the browser accepts', async () => {
    const br = await raw('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await raw('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await raw('/assets/index-AbC123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('hashed assets are immutable for a year; the page is revalidated', async () => {
    expect((await raw('/assets/index-AbC123.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html']) {
      const res = await raw(url, 'br');
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.body).toString(), url).toBe(page);
    }
  });
});
