// The contacts screen at 20,000 persons, in Chromium (§9: pages of 5000, three in parallel after a full
// first page; a virtualised table). Seeds 20,000 persons into one org through POST /v3/contacts/person/bulk,
// then, over several runs (fresh browser each): menu click → first rows visible; menu click → every page
// loaded; and with every row loaded, a jump to the end of the table → the last row rendered.
// Run alone: STATIC_DIR=<built console> node --import tsx bench/contactsUi.ts
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser.ts';
import { median, startServerProcess, type BenchServer } from './serverProcess.ts';
import { seedPersons } from './contactsSeed.ts';
import { PAGE } from '../domain/constants.ts';

const RUNS = 5;
const USER = '13800000009';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';

async function seed(server: BenchServer): Promise<number> {
  const { call } = await seedPersons(server, { department: '界面压测部门', phonePrefix: '137', extra: { duties: '教师' } });
  // everyone the user sees: the 20,000 and the org's other contacts
  let seen = 0;
  for (let skip = 0; ; skip += PAGE.contacts) {
    const page = await call<unknown[]>(`/v3/contacts/person?$limit=${PAGE.contacts}&$skip=${skip}`);
    seen += page.length;
    if (page.length < PAGE.contacts) return seen;
  }
}

async function signIn(page: Page, serverUrl: string) {
  await page.goto(`${serverUrl}/#/login`);
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill(USER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/orgapp/);
  await page.getByTestId('orgapp-item').first().click();
  await page.getByTestId('home-page').waitFor();
  const base = page.getByTestId('side-menu').getByTestId('menu-item-baseModule');
  await base.waitFor();
  if ((await base.getAttribute('aria-expanded')) !== 'true') await base.click();
  await page.getByTestId('side-menu').getByTestId('menu-item-contacts').waitFor();
}

export async function benchContactsUi(server: BenchServer) {
  const serverUrl = server.url;
  const expected = await seed(server);
  const firstRows: number[] = [];
  const allRows: number[] = [];
  const scrollEnd: number[] = [];
  const domRows: number[] = [];
  let total = 0;
  for (let run = 0; run < RUNS; run++) {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await signIn(page, serverUrl);
      const table = page.getByTestId('persons-table');
      const started = performance.now();
      await page.getByTestId('side-menu').getByTestId('menu-item-contacts').click();
      await table.locator('[data-testid="virtual-row"]').first().waitFor();
      firstRows.push(performance.now() - started);
      // every page in: the count settles at the full number and the table holds it
      await page.waitForFunction((min) => Number(document.querySelector('[data-testid="persons-table"]')?.getAttribute('data-rows') ?? 0) >= min, expected, { polling: 'raf', timeout: 60_000 });
      allRows.push(performance.now() - started);
      total = Number(await table.getAttribute('data-rows'));
      // jump to the bottom; time until the last row is in the DOM and painted
      // (a string: tsx would wrap named arrow functions in a helper the page does not have)
      const ms = await page.evaluate<number>(`new Promise((resolve) => {
        const el = document.querySelector('[data-testid="persons-table"]');
        const t0 = performance.now();
        el.scrollTop = el.scrollHeight;
        const check = () => {
          if (el.querySelector('[data-index="${total - 1}"]')) requestAnimationFrame(() => resolve(performance.now() - t0));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })`);
      scrollEnd.push(ms);
      domRows.push(await table.locator('[data-testid="virtual-row"]').count());
    } finally {
      await browser.close();
    }
  }
  const r = (xs: number[]) => +median(xs).toFixed(0);
  return {
    persons: total,
    runs: RUNS,
    firstRowsVisibleMedianMs: r(firstRows),
    allPagesRenderedMedianMs: r(allRows),
    scrollToEndMedianMs: r(scrollEnd),
    rowsInDomAtEnd: Math.max(...domRows),
    firstRowsMs: firstRows.map((x) => +x.toFixed(0)),
    allPagesMs: allRows.map((x) => +x.toFixed(0)),
    scrollEndMs: scrollEnd.map((x) => +x.toFixed(0)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.log(JSON.stringify(await benchContactsUi(server), null, 2));
  } finally {
    await server.stop();
  }
}
