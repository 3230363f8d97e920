// Issue 12 hardening: stopping the server prints no "[store] idle connection lost" or "[live] listener connection
// lost" errors. `node server/main.ts` on a fresh DATA_DIR (its own embedded PostgreSQL), as `npm run serve` starts
// it, stopped the two ways it is stopped: Ctrl-C in a terminal (SIGINT to the whole process group, the embedded
// database included) and SIGTERM to the server alone (a service manager). Either way it exits 0, silent, and leaves
// the cluster shut down (no postmaster.pid).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/store/database.ts';

let dataDir: string;
beforeAll(() => { dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stop-test-')); });
afterAll(() => { fs.rmSync(dataDir, { recursive: true, force: true }); });

/** Starts the server on dataDir, calls it once, stops it with the signal; its output (request log left out) and exit code. */
async function runAndStop(signal: 'SIGINT' | 'SIGTERM', target: 'group' | 'server'): Promise<{ code: number | null; lines: string[] }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', STATIC_DIR: '/nonexistent', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group, as a terminal gives it: Ctrl-C signals the group
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => { output += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (!output.includes('console and API on')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // a request, so pooled connections are open and idle when the stop comes
  expect((await fetch(`http://127.0.0.1:${port}/v1/datetime`)).status).toBe(200);
  if (target === 'group') process.kill(-child.pid!, signal);
  else child.kill(signal);
  const code = await exited;
  // the request log is JSON lines; everything else the server printed is what a person sees
  return { code, lines: output.split('\n').filter((l) => l.trim() && !l.startsWith('{')) };
}

const noise = (lines: string[]) => lines.filter((l) => /\[store\]|\[live\]|connection (lost|terminated)|error/i.test(l));

describe('stopping the server', () => {
  it('Ctrl-C (SIGINT to the process group) on a fresh data dir: exit 0, no connection-lost lines, cluster stopped', async () => {
    const { code, lines } = await runAndStop('SIGINT', 'group');
    expect(noise(lines)).toEqual([]);
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('SIGTERM to the server alone: exit 0, no connection-lost lines, cluster stopped', async () => {
    const { code, lines } = await runAndStop('SIGTERM', 'server');
    expect(noise(lines)).toEqual([]);
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);
});
