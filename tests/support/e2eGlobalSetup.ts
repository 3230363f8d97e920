// The e2e project's global set-up (issue 32): the run's database cluster (tests/support/globalSetup.ts), one
// Chromium for the run (a browser server; test files connect to it and take a new context per person,
// tests/support/browser.ts; launching a Chromium per test cost about a second each) and, with E2E_BUILD=1, the
// console build the files serve. The three do not depend on one another, so they start together: `npm test`
// builds here, while PostgreSQL starts and the demo data is seeded, instead of before the run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import databaseSetup from './globalSetup.ts';

/** `vite build` into the folder the e2e files serve (tests/support/console.ts: dist/, or E2E_DIST). */
function buildConsole(): Promise<void> {
  const dist = process.env.E2E_DIST;
  const args = ['build', ...(dist ? ['--outDir', dist, '--emptyOutDir'] : [])];
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/vite'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => out.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      // the build's own output as one block, as the checks print theirs (scripts/parallel.ts)
      process.stdout.write(`\n> vite ${args.join(' ')}  (${((Date.now() - t0) / 1000).toFixed(1)}s, ${code === 0 ? 'ok' : `exit ${code}`})\n${Buffer.concat(out).toString()}\n`);
      if (code === 0) resolve();
      else reject(new Error(`vite ${args.join(' ')} failed (exit ${code})`));
    });
  });
}

export default async function setup(project: TestProject) {
  const started = await Promise.allSettled([
    databaseSetup(project),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
    process.env.E2E_BUILD === '1' ? buildConsole() : Promise.resolve(),
  ] as const);
  const [database, browser] = started;
  const teardown = async () => {
    if (browser.status === 'fulfilled') await browser.value.close();
    if (database.status === 'fulfilled') await database.value();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // no teardown runs after a failed setup: stop what did start, or it outlives the run
    await teardown();
    throw failed.reason;
  }
  if (browser.status === 'fulfilled') project.provide('chromiumEndpoint', browser.value.wsEndpoint());
  return teardown;
}
