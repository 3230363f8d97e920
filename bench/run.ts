// npm run bench [-- sections…] — figures, printed. Sections: foundation (default), menu, contacts, prices, recipes,
// nutrition, signin (the browser half of foundation), storefront (issue 34's phone budget), mixed (issue 32's throughput load), devices (issue 33). Needs a built console (`npm run build`, or BENCH_DIST=<folder>) and /usr/bin/chromium, except `menu` (the menu load step alone)
// and `nutrition` (API and domain only). Each step runs on its own fresh server.
import fs from 'node:fs';
import { BENCH_DIST, startServerProcess, type BenchServer } from './serverProcess.ts';
import { benchSignIn } from './signIn.ts';
import { closeSharedBrowser } from '../tests/support/browser.ts';
import { benchMenuLoad } from './menuLoad.ts';
import { benchContacts } from './contacts.ts';
import { benchContactsUi } from './contactsUi.ts';
import { benchPrices } from './prices.ts';
import { benchPricesImport } from './pricesImport.ts';
import { benchRecipeCycle } from './recipeCycle.ts';
import { benchOrders } from './orders.ts';
import { benchOrderReports } from './orderReports.ts';
import { benchPurchasePlan } from './purchasePlan.ts';
import { benchNutrition } from './nutrition.ts';
import { benchAllocation } from './allocation.ts';
import { benchMixedLoad } from './mixedLoad.ts';
import { benchStorefront } from './storefront.ts';
import { benchDevices } from './devices.ts';

type Step = [title: string, run: (server: BenchServer) => Promise<unknown>];

// Every step gets a fresh server: a step's data (20,000 persons, 100,000 prices) never skews the next one.
const sections: Record<string, Step[]> = {
  foundation: [
    ['Sign-in submit → first menu rendered (Chromium, password sign-in, first org-app picked)', benchSignIn],
    ['GET /v2/permission/user/menu under load', benchMenuLoad],
  ],
  // issue 32: 200 people over menu, powers, departments, prices and a category write in ten; no browser
  mixed: [
    ['Mixed load: 200 signed-in people, menu / powers / departments / 50 prices, one category write in ten (20 s after 5 s warm-up)', benchMixedLoad],
  ],
  // issue 34: the members' storefront on a 360 px phone: its JS budget (≤ 100 KB gzip before usable)
  storefront: [
    ['Storefront (mall.html) at 360 px: JS before the sign-in is usable (gzip, budget 100 KB), load → usable (Chromium)', benchStorefront],
  ],
  menu: [
    ['GET /v2/permission/user/menu under load', benchMenuLoad],
  ],
  // the browser half of foundation alone
  signin: [
    ['Sign-in submit → first menu rendered (Chromium, password sign-in, first org-app picked)', benchSignIn],
  ],
  contacts: [
    ['Contacts API at 20,000 persons in one org', benchContacts],
    ['Contacts screen at 20,000 persons (Chromium)', benchContactsUi],
  ],
  prices: [
    ['Price import through the all-or-nothing import session (batches of 60)', benchPricesImport],
    ['Prices at scale (import 10,000 in batches of 60; approval queue at 100,000)', benchPrices],
  ],
  recipes: [
    ['A four-week recipe cycle (60 dishes, 4 age groups, 84 cells): open, save one cell, open → rendered grid (Chromium)', benchRecipeCycle],
  ],
  // issue 11: the order list at 100,000 orders; no browser
  orders: [
    ['Order list at 100,000 orders: first page with count, by status, by keyword (p50/p95)', benchOrders],
  ],
  // issue 11: the order report calls at 100,000 orders; no browser
  orderreports: [
    ['Order reports at 100,000 orders: the five report screens\' calls (by day, month × school, product with market average, week × category × supplier, the bureau\'s schools), p50/p95', benchOrderReports],
  ],
  // issue 11: a purchase plan per week of a four-week cycle, two schools; no browser
  purchaseplan: [
    ['Purchase plan: GET /v4/mall/recipe/purchaseplan for each week of a four-week cycle, two schools (p50/p95)', benchPurchasePlan],
  ],
  // issue 10: no browser
  nutrition: [
    ['WS/T 554 analysis of a four-week cycle (60 dishes, 84 cells, 4 age groups): GET …/analysis and analyseCycle in process', benchNutrition],
  ],
  // issue 10: the smart meal allocation optimiser (HiGHS) on one week and on four weeks; no browser
  // issue 33: the bureau's bright-kitchen area view at 200 schools × 10 cameras; no browser
  devices: [
    ["Bright kitchens: the bureau's area view at 200 schools × 10 cameras (GET /v1/device/orgs, GET /v1/device), p50/p95", benchDevices],
  ],
  allocation: [
    ['Smart meal allocation: POST …/allocate on one week and on four weeks (7 lunch dishes a day, 2 age groups)', benchAllocation],
  ],
};

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ['foundation'];
const unknown = wanted.filter((s) => !sections[s]);
if (unknown.length) {
  console.error(`unknown section(s) ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}`);
  process.exit(1);
}
// the sections without a browser run without a built console
const NO_BROWSER = ['mixed', 'menu', 'nutrition', 'allocation', 'orders', 'orderreports', 'purchaseplan', 'devices'];
if (wanted.some((s) => !NO_BROWSER.includes(s)) && !fs.existsSync(`${BENCH_DIST}/index.html`)) {
  console.error(`build the console first: npm run build (or set BENCH_DIST to a built folder; ${BENCH_DIST}/index.html is missing)`);
  process.exit(1);
}
try {
  for (const [title, run] of wanted.flatMap((name) => sections[name])) {
    const server = await startServerProcess();
    try {
      console.log(`\n${title}:`);
      console.table(await run(server));
    } finally {
      await server.stop();
    }
  }
} finally {
  // the browser steps share one Chromium (tests/support/browser.ts); left open, it kept the process alive
  await closeSharedBrowser();
}
