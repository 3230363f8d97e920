// Returns in settlement in Chromium (issue 11): a received demo order of the school gets a return the supplier
// accepts; the purchaser's order detail shows the returned amount, what the school pays (received less the return)
// and the return itself, and the order log shows the return and its acceptance beside the order's own steps.
import { describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import type { OrderDetail, OrderList } from '../../contracts/orders.ts';
import type { ReturnRow } from '../../contracts/orderReturns.ts';
import { formatMoney, lineAmount, sumAmounts } from '../../domain/money.ts';

const harness = useConsole();

describe('returns in settlement', () => {
  it('the purchaser sees an accepted return in what she pays and in the order log', async () => {
    const school = await signIn(harness.server, DEMO.purchaser, SCHOOL_A);
    const supplier = await signIn(harness.server, DEMO.supplier);
    const received = (await call<OrderList>(harness.server, 'GET', '/v4/mall/order?status=received&supplierId=org-xfsp', auth(school))).body.data.rows[0];
    expect(received, 'the demo has a received order of the school').toBeDefined();
    const order = (await call<OrderDetail>(harness.server, 'GET', `/v4/mall/order/${received!.id}`, auth(school))).body.data;
    const line = order.lines.find((l) => l.status === 'open' && (l.receivedQuantity ?? 0) >= 1)!;
    const made = await call<ReturnRow>(harness.server, 'POST', '/v4/mall/order/return', { ...auth(school), body: { orderId: order.id, reason: '菜叶发黄', items: [{ skuId: line.skuId, quantity: 1 }] } });
    expect(made.status, made.body.status_text).toBe(200);
    expect((await call(harness.server, 'PUT', `/v4/mall/order/return/${made.body.data.returnId}`, { ...auth(supplier), body: { action: 'accept' } })).status).toBe(200);
    const credit = lineAmount(line.price, 1);
    const payable = sumAmounts([order.receivedAmount!, -credit]);

    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, DEMO.purchaser, '阳光实验小学');
    await openScreen(page, 'orderList');
    await page.getByTestId('order-keyword').fill(order.orderNo);
    const row = page.getByTestId('order-table').locator(`[data-order-no="${order.orderNo}"]`).first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('order-open').click();
    const detail = page.getByTestId('order-detail');
    await expect.poll(() => detail.getByTestId('order-detail-payable').textContent(), { timeout: 30_000 }).toContain(formatMoney(payable, 'zh-CN'));
    expect(await detail.getByTestId('order-detail-returned').textContent()).toContain(formatMoney(credit, 'zh-CN'));
    const returns = detail.getByTestId('order-detail-returns');
    expect(await returns.textContent()).toContain(made.body.data.returnNo);
    expect(await returns.locator('[data-status="accepted"]').count()).toBe(1);
    await page.getByTestId('order-detail-close').click();

    await openScreen(page, 'orderLogList');
    await page.getByTestId('log-filter-order').fill(order.orderNo);
    const log = page.getByTestId('order-log-table');
    await expect.poll(() => log.getByTestId('log-action').evaluateAll((els) => els.map((e) => e.getAttribute('data-action'))), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['returnAccept', 'return', 'receive', 'create']));
    expect(await log.textContent()).toContain(made.body.data.returnNo);
  });
});
