// The delivery user on his phone (issue 11, mallDeliveryManage at 390×844): today's seeded delivery on his route
// 城东线 shows its stops as cards in driving order; he taps 出发 then 到达 on the first stop, and the arrival
// delivers the school's order (the school reads it delivered over the API). Nothing is wider than the screen.
import { describe, expect, it } from 'vitest';
import { openScreen, signInWithPassword, useConsole } from '../support/console.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import type { OrderDetail } from '../../contracts/orders.ts';
import type { LogisticsList } from '../../contracts/logistics.ts';

const harness = useConsole();

describe('the delivery user drives his route on a phone', () => {
  it('marks the first stop departed and arrived with large buttons; the order is delivered', async () => {
    const { server } = harness;
    const api = await signIn(server, DEMO.delivery);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const seeded = (await call<LogisticsList>(server, 'GET', `/v4/mall/logistics?deliveryDate=${today}`, auth(api))).body.data.rows[0]!;
    const first = seeded.stops[0]!;

    const page = await harness.browser.context.newPage();
    await signInWithPassword(page, server.url, DEMO.delivery);
    await page.getByTestId('orgapp-item').first().click();
    await page.getByTestId('home-page').waitFor();
    await openScreen(page, 'mallDeliveryManage');
    await page.setViewportSize({ width: 390, height: 844 });
    const stops = page.getByTestId('delivery-stop');
    await expect.poll(() => stops.count(), { timeout: 45_000 }).toBe(seeded.stops.length);
    expect(await stops.first().textContent()).toContain(first.schoolName);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const depart = stops.first().getByTestId('stop-depart');
    const arrive = stops.first().getByTestId('stop-arrive');
    expect((await depart.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    expect(await arrive.isDisabled()).toBe(true);
    await depart.click();
    await expect.poll(() => arrive.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await depart.isDisabled()).toBe(true);
    await arrive.click();
    await expect.poll(() => arrive.isDisabled(), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await stops.first().textContent()) ?? '', { timeout: 30_000 }).toMatch(/到达 \d/);

    const school = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const order = await call<OrderDetail>(server, 'GET', `/v4/mall/order/${first.orderId}`, auth(school));
    expect(order.body.data.status).toBe('delivered');
  });
});
