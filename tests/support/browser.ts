// Debian's Chromium, headless, driven by playwright-core. Nothing is downloaded; nothing leaves the machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * The people of the stories are in China: the console's "today" (date pickers, this week's Monday) is China's, as
 * the server's is, whatever the test machine's zone (issue 36: between 16:00 and 24:00 UTC the two days differ).
 */
const TIME_ZONE = 'Asia/Shanghai';

/** A fresh profile each time: every path starts from an empty session. */
export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meal-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1366, height: 860 },
    locale: 'zh-CN',
    timezoneId: TIME_ZONE,
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface TestPeople {
  /** a fresh profile (no session, no stored tabs) in the shared browser */
  newContext(): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * One more Chromium for the other people of a story: each gets a context of their own (own cookies and storage,
 * so their own session), which is much lighter on a loaded machine than a browser process each.
 */
export async function launchPeople(): Promise<TestPeople> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return {
    newContext: () => browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN', timezoneId: TIME_ZONE }),
    close: () => browser.close(),
  };
}
