// The fresh-fruit mall's back office in Chromium (issue 34), one story: the platform creates a fruit org serving a
// school on recipeOrgManage; the demo fruit org lists a new fruit on xgOrgSkuManage; a member (over the member API:
// the storefront is another screen's) orders it for his child for next week, paid online; the fruit org sees the
// child on the first day's picking list and marks the class delivered; the next day, missed, it refunds.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { launchBrowser } from '../support/browser.ts';
import { call, DEMO } from '../api/usersApi.ts';
import type { FruitOrderRow, FruitSkuRow, MemberSession } from '../../contracts/fruitMall.ts';
import { orderDaysOf, weekStartOf } from '../../domain/fruitMall.ts';
import { dayOf } from '../../domain/priceCycle.ts';

const harness = useConsole();
const MEMBER = '13830000001';
const SCHOOL_B = 'org-mdzx';

const goTo = (page: Page, hash: string) => page.evaluate((h) => { window.location.hash = h; }, hash);

describe('the fruit mall back office', () => {
  it('platform makes a fruit org; the fruit org lists a fruit, picks a member\'s order, delivers it and refunds a missed day', async () => {
    const { server } = harness;
    const platform = await harness.browser.context.newPage();
    const second = await launchBrowser();
    try {
      const fruit = await second.context.newPage();
      await Promise.all([signInToHome(platform, server.url, DEMO.provider, '营养餐运营平台'), signInToHome(fruit, server.url, DEMO.fruit)]);

      // the platform: a new fruit org serving 明德中学
      await openScreen(platform, 'recipeOrgManage');
      await platform.getByTestId('fruit-org-new').click();
      await platform.getByTestId('fruit-org-name-input').fill('四季果坊');
      await platform.getByTestId('fruit-org-admin-phone').fill('13899997777');
      await platform.getByTestId('fruit-org-school-list').getByRole('checkbox', { name: '明德中学' }).check();
      await platform.getByTestId('fruit-org-save').click();
      const made = platform.getByTestId('fruit-org-table').getByText('四季果坊');
      await made.waitFor({ timeout: 30_000 });

      // the fruit org lists a new fruit at 4.80 for LV1
      await openScreen(fruit, 'xgOrgSkuManage');
      await fruit.getByTestId('fruit-sku-new').click();
      await fruit.getByTestId('fruit-sku-name-input').fill('阳光玫瑰葡萄');
      await fruit.getByTestId('fruit-sku-spec').fill('一小串约150g');
      await fruit.getByTestId('fruit-sku-unit').fill('份');
      await fruit.getByTestId('fruit-sku-price-LV1').fill('4.8');
      await fruit.getByTestId('fruit-sku-save').click();
      await fruit.getByTestId('fruit-sku-table').getByText('阳光玫瑰葡萄').waitFor({ timeout: 30_000 });

      // a member orders it for next week over the member API (paid online)
      await call(server, 'POST', '/v1/fruit/member/smscode', { body: { phone: MEMBER } });
      const code = (await call<{ code: string }>(server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${MEMBER}`)).body.data.code;
      const token = (await call<MemberSession>(server, 'POST', '/v1/fruit/member/signin', { body: { phone: MEMBER, code } })).body.data.memberToken;
      const sku = (await call<{ skuId: string; name: string }[]>(server, 'GET', `/v1/fruit/member/offer?schoolOrgId=${SCHOOL_B}`, { headers: { membertoken: token } }))
        .body.data.find((o) => o.name === '阳光玫瑰葡萄') as unknown as FruitSkuRow;
      const monday = weekStartOf(dayOf(new Date(Date.now() + 7 * 86_400_000)));
      const holidays = (await server.store.db.selectFrom('holidays').select(['date', 'type']).execute()).map((h) => ({ date: String(h.date), type: h.type }));
      const [first, second_] = orderDaysOf('week', monday, holidays);
      const placed = await call<FruitOrderRow>(server, 'POST', '/v1/fruit/member/orders', {
        headers: { membertoken: token },
        body: { fruitOrgId: 'org-xgy', skuId: sku.skuId, child: { name: '林小雨', schoolOrgId: SCHOOL_B, grade: '八年级', className: '2班' }, plan: 'week', startDay: monday, quantity: 1, payment: 'gateway' },
      });
      expect(placed.body.data.status, placed.body.status_text).toBe('paid');

      // the first day's picking list names the child in her class; the class is marked delivered
      await openScreen(fruit, 'xgOrgOrderManage');
      await goTo(fruit, `#/xgOrgOrderManage?tab=picking&day=${first}`);
      const cls = fruit.locator('[data-testid="fruit-picking-class"][data-class="八年级2班"]');
      await cls.waitFor({ timeout: 30_000 });
      expect(await cls.textContent()).toContain('阳光玫瑰葡萄 一小串约150g × 1份');
      await expect.poll(() => cls.getByTestId('fruit-picking-child').getAttribute('data-status')).toBe('pending');
      await expect.poll(() => fruit.getByTestId('fruit-picking-print').isEnabled()).toBe(true);
      await cls.getByTestId('fruit-picking-deliver').click();
      await expect.poll(() => cls.getByTestId('fruit-picking-child').getAttribute('data-status'), { timeout: 30_000 }).toBe('delivered');

      // the second day was missed: refunded from the order's own buttons
      await goTo(fruit, `#/xgOrgOrderManage?tab=orders&day=${second_}`);
      const row = fruit.getByTestId('fruit-order-table').locator(`[data-order-no="${placed.body.data.orderNo}"]`);
      await row.getByTestId('fruit-order-refund').click();
      await expect.poll(async () => (await call<{ rows: FruitOrderRow[] }>(server, 'GET', '/v1/fruit/member/orders', { headers: { membertoken: token } }))
        .body.data.rows.find((r) => r.orderId === placed.body.data.orderId)?.days.slice(0, 2).map((d) => d.status), { timeout: 30_000 }).toEqual(['delivered', 'refunded']);
      await expect.poll(() => row.getByTestId('fruit-order-refund').count(), { timeout: 30_000 }).toBe(0);
    } finally {
      await second.close();
    }
  });
});
