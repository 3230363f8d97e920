// The fresh-fruit mall in Chromium (issue 34), one story: a parent signs in on the fruit org's storefront on his
// phone (390 px: captcha, SMS code), opens a group buy's shared link and joins it for his child's class next week;
// orders apples for that class for the week, the campaign's discount quoted and decided by the server; the group buy
// succeeds at its deadline (the server places his order at the group price). The fruit org prints the first day's
// picking list and marks the class delivered; the platform sees the days in the statistics chart.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { launchBrowser } from '../support/browser.ts';
import { call, DEMO, signIn } from '../api/usersApi.ts';
import { memberSignIn } from '../api/storefrontApi.ts';
import type { FruitOrderList, FruitSkuRow } from '../../contracts/fruitMall.ts';
import { orderDaysOf, weekStartOf } from '../../domain/fruitMall.ts';
import { dayOf } from '../../domain/priceCycle.ts';

const harness = useConsole();
const FRUIT_ORG = 'org-xgy';
const PARENT = '13830000001';
const NEIGHBOUR = '13830000002';
const SCHOOL = '明德中学';

const goTo = (page: Page, hash: string) => page.evaluate((h) => { window.location.hash = h; }, hash);

describe('the fruit mall', () => {
  it('a parent joins a group buy and orders a week for a class on his phone; the fruit org picks and delivers; the platform sees it', async () => {
    const { server } = harness;
    const monday = weekStartOf(dayOf(new Date(Date.now() + 7 * 86_400_000)));
    const holidays = (await server.store.db.selectFrom('holidays').select(['date', 'type']).execute()).map((h) => ({ date: String(h.date), type: h.type }));
    const days = orderDaysOf('week', monday, holidays);
    const first = days[0]!;

    // the fruit org runs a two-member group buy of apples closing in 20 s; a neighbour joins for his own child
    const fruitApi = await signIn(server, DEMO.fruit);
    const apple = (await call<{ rows: FruitSkuRow[] }>(server, 'GET', '/v1/fruit/skus', { token: fruitApi.token, key: fruitApi.key })).body.data.rows.find((s) => s.name === '红富士苹果')!;
    const groupon = await call<{ id: string }>(server, 'POST', '/v4/mall/groupon', {
      token: fruitApi.token, key: fruitApi.key,
      body: { title: '苹果两人团', productId: apple.productId, unitPrice: 3.5, groupPrice: 2.8, minPeople: 2, deadline: new Date(Date.now() + 20_000).toISOString() },
    });
    expect(groupon.status, groupon.body.status_text).toBe(200);
    const neighbour = await memberSignIn(server, FRUIT_ORG, NEIGHBOUR);
    const schoolB = 'org-mdzx';
    const joined = await fetch(`${server.url}/v1/storefront/groupon/${groupon.body.data.id}/join`, {
      method: 'POST', headers: { membertoken: neighbour.membertoken, 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 1, order: { child: { name: '何小飞', schoolOrgId: schoolB, grade: '七年级', className: '2班' }, plan: 'week', startDay: monday, payment: 'offline' } }),
    });
    expect(joined.status).toBe(200);

    const phone = await launchBrowser();
    const back = await launchBrowser();
    try {
      // ---- the parent, on his phone, opens the shared link and signs in
      const sf = await phone.context.newPage();
      await sf.setViewportSize({ width: 390, height: 844 });
      await sf.goto(`${server.url}/mall.html?shop=${FRUIT_ORG}#/groupon/${groupon.body.data.id}`);
      await sf.getByTestId('sf-phone').fill(PARENT);
      await sf.getByTestId('sf-get-code').click();
      await sf.getByTestId('sf-captcha-image').waitFor();
      const captcha = await server.store.db.selectFrom('captchas').select('answer').where('id', '=', `image:${PARENT}`).executeTakeFirstOrThrow();
      await sf.getByTestId('sf-captcha').fill(captcha.answer);
      await sf.getByTestId('sf-send-code').click();
      await expect.poll(() => server.sms.latest(PARENT), { timeout: 10_000 }).toBeTruthy();
      await sf.getByTestId('sf-code').fill(server.sms.latest(PARENT)!);
      await sf.getByTestId('sf-signin-submit').click();

      // he joins the group buy for his child's class, next week
      await sf.getByTestId('sf-groupon-page').waitFor({ timeout: 20_000 });
      await sf.getByTestId('sf-child-name').fill('林小雨');
      await sf.getByTestId('sf-child-school').selectOption({ label: SCHOOL });
      await sf.getByTestId('sf-child-grade').fill('八年级');
      await sf.getByTestId('sf-child-class').fill('2班');
      await sf.getByTestId('sf-start-day').fill(monday);
      await sf.getByTestId('sf-join').click();
      await sf.getByTestId('sf-joined').waitFor({ timeout: 15_000 });

      // he orders apples for the week: the child is remembered; the quote shows the campaign's discount
      await sf.getByTestId('sf-tab-order').click();
      await sf.locator('[data-testid="sf-fruit"][data-name="红富士苹果"]').click();
      expect(await sf.getByTestId('sf-child-name').inputValue()).toBe('林小雨');
      await sf.getByTestId('sf-start-day').fill(monday);
      await expect.poll(() => sf.getByTestId('sf-discount').textContent(), { timeout: 15_000 }).toContain('开学季九折');
      await sf.getByTestId('sf-place-order').click();
      const mine = sf.getByTestId('sf-my-order').first();
      await expect.poll(() => mine.getAttribute('data-status'), { timeout: 15_000 }).toBe('paid');
      // nothing wider than the phone
      expect(await sf.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      const headers = { headers: { membertoken: (await sf.evaluate((k) => localStorage.getItem(k), `storefront:token:${FRUIT_ORG}`))! } };
      const ordered = (await call<FruitOrderList>(server, 'GET', '/v1/storefront/orders', headers)).body.data.rows;
      const week = ordered.find((o) => o.grouponId === null && o.className === '2班' && o.grade === '八年级')!;
      expect(week).toMatchObject({ unitPrice: 3.5, campaignName: '开学季九折', status: 'paid', plan: 'week' });
      expect(week.discount).toBe(Math.round(week.listAmount * 10) / 100);
      expect(await mine.getByTestId('sf-order-amount').textContent()).toContain(week.amount.toFixed(2));

      // while the group buy runs, the fruit org and the platform sign in to the console
      const fruit = await back.context.newPage();
      const platform = await harness.browser.context.newPage();
      await Promise.all([signInToHome(fruit, server.url, DEMO.fruit), signInToHome(platform, server.url, DEMO.provider, '营养餐运营平台')]);

      // the deadline passes: the group succeeds, and his order is placed at the group price
      await expect.poll(async () => {
        // the page asks again on each visit; the server settles what is due when it is asked
        await goTo(sf, '#/');
        await goTo(sf, `#/groupon/${groupon.body.data.id}`);
        return sf.getByTestId('sf-groupon-page').getByTestId('sf-groupon-status').textContent();
      }, { timeout: 40_000, interval: 1_000 }).toContain('拼团成功');
      await sf.getByTestId('sf-tab-mine').click();
      await sf.getByTestId('sf-order-groupon').first().waitFor({ timeout: 15_000 });
      const byGroup = (await call<FruitOrderList>(server, 'GET', '/v1/storefront/orders', headers)).body.data.rows.find((o) => o.grouponId === groupon.body.data.id)!;
      expect(byGroup).toMatchObject({ unitPrice: 2.8, discount: 0, status: 'paid', childName: '林小雨' });
      // his activities: the demo open-kitchen day, two seats confirmed (a parent and a child)
      await sf.getByTestId('sf-tab-activities').click();
      const kitchenDay = sf.getByTestId('sf-activity').filter({ hasText: '营养周 开放厨房日' });
      await expect.poll(() => kitchenDay.getByTestId('sf-activity-place').textContent(), { timeout: 15_000 }).toContain('已报名 2 人');

      // ---- the fruit org prints the first day's picking list and marks the class delivered
      await openScreen(fruit, 'xgOrgOrderManage');
      await goTo(fruit, `#/xgOrgOrderManage?tab=picking&day=${first}`);
      const cls = fruit.locator('[data-testid="fruit-picking-school"][data-school="明德中学"] [data-testid="fruit-picking-class"][data-class="八年级2班"]');
      await cls.waitFor({ timeout: 30_000 });
      expect(await cls.textContent()).toContain('红富士苹果');
      await expect.poll(() => cls.getByTestId('fruit-picking-child').count()).toBe(2);
      await fruit.evaluate(() => { window.print = () => { document.body.dataset.printed = 'yes'; }; });
      await fruit.getByTestId('fruit-picking-print').click();
      expect(await fruit.evaluate(() => document.body.dataset.printed)).toBe('yes');
      await cls.getByTestId('fruit-picking-deliver').click();
      await expect.poll(async () => (await cls.getByTestId('fruit-picking-child').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).join(), { timeout: 30_000 })
        .toBe('delivered,delivered');

      // ---- the fruit org's activities: who signed up for the open-kitchen day, confirmed and waiting
      await openScreen(fruit, 'activityList');
      await fruit.getByTestId('activity-row').filter({ hasText: '营养周 开放厨房日' }).click();
      await expect.poll(() => fruit.getByTestId('activity-signups').textContent(), { timeout: 30_000 }).toContain('候补第 1 位');

      // ---- the platform sees the week in the statistics chart
      await openScreen(platform, 'recipeOrgStatistics');
      await goTo(platform, `#/recipeOrgStatistics?from=${monday}&to=${days.at(-1)}`);
      const chart = platform.getByTestId('fruit-stats-by-day');
      await expect.poll(() => chart.locator('svg').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => chart.textContent(), { timeout: 30_000 }).toContain(first.slice(5));
      await expect.poll(() => platform.getByTestId('fruit-stats-table').textContent(), { timeout: 30_000 }).toContain('八年级2班');
    } finally {
      await phone.close();
      await back.close();
    }
  });
});
