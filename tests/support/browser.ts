// Debian's Chromium, headless, driven by playwright-core. Nothing is downloaded; nothing leaves the machine.
//
// One Chromium per test run (issue 32): the e2e project's global setup (tests/support/e2eGlobalSetup.ts) starts it
// as a browser server, each test file connects to it once, and every "browser" a test asks for is a new context in
// it: its own cookies, storage, cache and session, as fresh as a new profile, at a fifth of the cost of a process.
// Outside that project (no endpoint provided) the file launches a Chromium of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Download } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's shared Chromium (tests/support/e2eGlobalSetup.ts); absent outside the e2e project */
    chromiumEndpoint?: string;
  }
}

export { CHROMIUM_ARGS, CHROMIUM_PATH };
/**
 * The people of the stories are in China: the console's "today" (date pickers, this week's Monday) is China's, as
 * the server's is, whatever the test machine's zone (issue 36: between 16:00 and 24:00 UTC the two days differ).
 */
const TIME_ZONE = 'Asia/Shanghai';
const CONTEXT_OPTIONS = { viewport: { width: 1366, height: 860 }, locale: 'zh-CN', timezoneId: TIME_ZONE } as const;

/** The run's shared Chromium under vitest; none outside it (npm run bench imports this file without vitest). */
function runChromiumEndpoint(): string | undefined {
  try {
    return inject('chromiumEndpoint');
  } catch {
    return undefined;
  }
}

let shared: Promise<Browser> | undefined;
/** This file's connection to the run's Chromium (or a Chromium of its own), made on first use. */
function sharedBrowser(): Promise<Browser> {
  shared ??= (async () => {
    const endpoint = runChromiumEndpoint();
    const browser = endpoint
      ? await chromium.connect(endpoint)
      : await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    // a file's connection ends with its worker; a crashed browser is reconnected on next use
    browser.on('disconnected', () => { shared = undefined; });
    return browser;
  })();
  return shared;
}

/** Ends this process's connection to (or its own) Chromium: a script outside vitest (npm run bench) then exits. */
export async function closeSharedBrowser(): Promise<void> {
  const browser = shared;
  shared = undefined;
  if (browser) await (await browser).close();
}

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh profile each time (a new context): every path starts from an empty session. */
export async function launchBrowser(): Promise<TestBrowser> {
  const context = await (await sharedBrowser()).newContext(CONTEXT_OPTIONS);
  return { context, close: () => context.close() };
}

export interface TestPeople {
  /** a fresh profile (no session, no stored tabs) in the shared browser */
  newContext(): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** The other people of a story: each gets a context of their own (own cookies and storage, so their own session). */
export async function launchPeople(): Promise<TestPeople> {
  const browser = await sharedBrowser();
  const contexts: BrowserContext[] = [];
  return {
    async newContext() {
      const context = await browser.newContext(CONTEXT_OPTIONS);
      contexts.push(context);
      return context;
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close()));
    },
  };
}

/**
 * The bytes of a finished download. The browser may run in another process (a browser server), where
 * `download.path()` is not available, so the file is streamed here.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meal-download-'));
  try {
    const file = path.join(dir, 'file');
    await download.saveAs(file);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
