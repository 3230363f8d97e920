// Issue 35 in Chromium, one short story per screen, each signed in as the demo user whose job it is (the release
// notes and short links have theirs in productUpdates.test.ts and foodLabels.test.ts):
// - supermarketManage: the bureau's shelf price of a SKU flags, on the price approval screen, a pending price above it
//   by more than the bureau's margin;
// - uploadUnit: the bureau imports 50 schools from a sheet with 3 bad rows: 47 made, the 3 marked, nothing else;
// - payToBuy: a school's admin renews through the (simulated) gateway and the plan's expiry moves a year;
// - recipeSport: the dietitian's exercise prescription for a class changes the energy verdict of the week's recipe.
// Set-up the story is not about (the supplier's pending price, reading the analysis's figures) goes through the API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { enterHomeAs, openScreen, useConsole } from '../support/console.ts';
import { call, DEMO, SCHOOL_A, signIn } from '../api/usersApi.ts';
import { auth, newProduct, purchaserGroups } from '../api/mallApi.ts';
import { SUPERMARKET_GROUP } from '../../domain/supermarketPrice.ts';
import { UNIT_HEADERS } from '../../domain/unitImport.ts';
import { addYears } from '../../domain/servicePlan.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { classEnergyKcal, ENERGY_DEMAND_FORMULAS, SPORT_PAL } from '../../domain/energyDemand.ts';

const harness = useConsole();

describe('the last screens (issue 35)', () => {
  it('a bureau\'s supermarket shelf price flags a pending price above it', async () => {
    const { server } = harness;
    const [bureau, supplier] = await Promise.all([signIn(server, DEMO.bureau), signIn(server, DEMO.supplier)]);
    const { skuIds: [skuId] } = await newProduct(server, supplier, '商超参考鸡蛋', 1);
    const { withApproval } = await purchaserGroups(server, supplier);
    const priced = await call(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId, price: 15, roleGroupId: withApproval.roleGroupId }] } });
    expect(priced.status, priced.body.status_text).toBe(200);
    const shop = await call<{ rows: { id: string }[] }>(server, 'POST', '/v2/category', { ...auth(bureau), body: { groupName: SUPERMARKET_GROUP, name: '城东永辉', extraInfo: { address: '城东路 8 号' } } });
    expect(shop.status, shop.body.status_text).toBe(200);
    const recorded = await call(server, 'POST', '/v5/mall/price/survey', {
      ...auth(bureau), body: { surveys: [{ skuId, priceClass: 'dqbd', price: 10, surveyDate: dayOf(new Date()), supermarketId: shop.body.data.rows[0].id }] },
    });
    expect(recorded.status, recorded.body.status_text).toBe(200);

    const page = await harness.browser.context.newPage();
    await enterHomeAs(page, server.url, DEMO.bureau);
    await openScreen(page, 'supermarketManage');
    await page.getByTestId('shelf-table').getByTestId('shelf-product').filter({ hasText: '商超参考鸡蛋' }).first().waitFor();
    await openScreen(page, 'productPriceApproval');
    const row = page.locator(`[data-testid="approval-row"][data-sku-id="${skuId}"]`);
    await row.waitFor();
    // 15 against a shelf price of 10: 50 % above, past the default margin
    await expect.poll(() => row.getByTestId('approval-supermarket').getAttribute('data-flagged')).toBe('true');
    await row.getByTestId('approval-supermarket-flag').waitFor();
  });

  it('a bureau imports 50 schools from a sheet with 3 bad rows: 47 are made, the 3 are marked', async () => {
    const { server } = harness;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow([...UNIT_HEADERS]);
    for (let i = 1; i <= 50; i++) {
      const name = `故事导入第${i}小学`;
      // row 10: a phone that is none; row 20: another area; row 30: the name of row 29 again
      if (i === 10) ws.addRow([name, '1390000', '校长', '城东区', '']);
      else if (i === 20) ws.addRow([name, `1396${String(i).padStart(7, '0')}`, '校长', '城西区', '']);
      else if (i === 30) ws.addRow(['故事导入第29小学', `1396${String(i).padStart(7, '0')}`, '校长', '城东区', '']);
      else ws.addRow([name, `1396${String(i).padStart(7, '0')}`, '校长', '城东区', '2030-08-31']);
    }
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'unit-import-')), 'units.xlsx');
    await wb.xlsx.writeFile(file);
    const before = (await server.store.db.selectFrom('orgs').select('org_id').where('name', 'like', '故事导入%').execute()).length;

    const page = await harness.browser.context.newPage();
    await enterHomeAs(page, server.url, DEMO.bureau);
    await openScreen(page, 'uploadUnit');
    await page.getByTestId('unit-template').click();
    await page.getByRole('option', { name: '学校模板' }).click();
    await page.getByTestId('unit-import-open').click();
    const dialog = page.getByTestId('unit-import');
    await dialog.getByTestId('import-file').setInputFiles(file);
    await dialog.getByTestId('import-summary').waitFor();
    await dialog.getByTestId('import-submit').click();
    // 47 orgs made from the template, each with its roles, menus and admin: the slow part of the story
    await dialog.getByTestId('import-result').waitFor({ timeout: 120_000 });
    await expect.poll(() => dialog.getByTestId('import-progress').getAttribute('aria-valuenow')).toBe('1');
    // the preview is a virtual table (only rows in view are drawn): its summary counts every marked row
    await expect.poll(() => dialog.getByTestId('import-summary').textContent()).toBe('共 50 行，有误 3 行');
    expect(await dialog.getByTestId('import-result').textContent()).toMatch(/已导入 47 行/);
    await dialog.getByTestId('import-report').waitFor();
    const made = await server.store.db.selectFrom('orgs').select(['name', 'area', 'kind']).where('name', 'like', '故事导入%').execute();
    expect(made.length - before).toBe(47);
    expect(made.every((o) => o.area === '城东区' && o.kind === 'school')).toBe(true);
    expect(made.map((o) => o.name)).not.toContain('故事导入第10小学');
    expect(made.map((o) => o.name)).not.toContain('故事导入第20小学');
  }, 180_000);

  it('a school\'s admin renews the plan through the gateway and its expiry moves a year', async () => {
    const { server } = harness;
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const org = () => server.store.db.selectFrom('orgs').select('expiration').where('org_id', '=', admin.orgApp!.orgId).executeTakeFirstOrThrow();
    const start = (await org()).expiration;

    const page = await harness.browser.context.newPage();
    await enterHomeAs(page, server.url, DEMO.schoolAdmin, SCHOOL_A);
    await openScreen(page, 'payToBuy');
    const shown = await page.getByTestId('plan-expiration').textContent();
    await page.getByTestId('edition-professional').click();
    await page.getByTestId('method-simulated').click();
    const paid = page.waitForResponse((r) => r.url().endsWith('/v1/serviceplan/order'));
    await page.getByTestId('plan-order').click();
    expect((await paid).status()).toBe(200);
    await page.getByTestId('plan-paid').waitFor();
    await expect.poll(() => page.getByTestId('plan-expiration').textContent()).not.toBe(shown);
    const end = new Date((await org()).expiration!);
    const from = start && new Date(start) > new Date() ? new Date(start) : null;
    if (from) expect(end.toISOString()).toBe(addYears(from, 1).toISOString());
    else expect(Math.abs(end.getTime() - addYears(new Date(), 1).getTime())).toBeLessThan(120_000);
    await page.getByTestId('plan-orders').getByTestId('order-invoice').first().waitFor();
  });

  it('the dietitian\'s exercise prescription for a class changes the energy verdict of the week\'s recipe', async () => {
    const { server } = harness;
    const dietitian = await signIn(server, DEMO.dietitian, SCHOOL_A);
    // the recipe the analysis screen opens on: the first published cycle with dishes, its first age group, week 1
    const cycles = await call<{ rows: { id: string; status: string; cellCount: number; ageGroups: { ageRange: string }[] }[] }>(server, 'GET', '/v4/mall/recipe/cycle?$limit=50', auth(dietitian));
    const cycle = cycles.body.data.rows.find((c) => c.status === 'published' && c.cellCount > 0)!;
    const ageGroup = cycle.ageGroups[0]!.ageRange;
    const analysis = async (peopleId?: string) => (await call<{ ageGroups: { weeks: { analysis: { share: number; energy: { value: number; verdict: string } } | null }[] }[] }>(
      server, 'GET', `/v5/mall/recipe/cycle/${cycle.id}/analysis?ageGroup=${ageGroup}${peopleId ? `&peopleId=${peopleId}` : ''}`, auth(dietitian),
    )).body.data.ageGroups[0]!.weeks[0]!.analysis!;
    const week = await analysis();
    // a class whose light everyday life needs what the week serves: 13-year-olds, boys and girls of one weight w,
    // BMR × 1.55 = (V ÷ share): the weight that gives it, whole kilograms
    const need = week.energy.value / week.share;
    const weight = Math.round((need / SPORT_PAL.light - (651 + 746) / 2) / ((17.5 + 12.2) / 2));
    const who = ENERGY_DEMAND_FORMULAS.find((f) => f.id === 'who1985')!;
    const target = classEnergyKcal({ formula: who, ageYears: 13, boysWeightKg: weight, girlsWeightKg: weight, girlsShare: 0.5, pal: SPORT_PAL.light, activities: [] }).target!;
    expect(Math.abs(target / need - 1)).toBeLessThan(0.05);

    const page = await harness.browser.context.newPage();
    await enterHomeAs(page, server.url, DEMO.dietitian, SCHOOL_A);
    await openScreen(page, 'recipeSport');
    const number = async (testId: string, value: number) => {
      const input = page.getByTestId(testId).first();
      await input.fill(String(value));
      await input.blur();
    };
    await number('sport-min-age', 12);
    await number('sport-max-age', 14);
    await number('sport-boys', weight);
    await number('sport-girls', weight);
    await number('sport-share', 50);
    // no sessions yet: the class's everyday life only
    await page.getByTestId('sport-activities').getByRole('button', { name: '删除' }).click();
    await page.getByTestId('sport-name').fill('故事运动队');
    await expect.poll(() => page.getByTestId('sport-target').textContent()).toContain(target.toLocaleString('zh-CN'));
    await page.getByTestId('sport-apply').click();
    await page.getByTestId('sport-saved').waitFor();

    const groups = await call<{ rows: { peopleId: string; name: string; energyKcal: number }[] }>(server, 'GET', '/v4/mall/recipe/people/config', auth(dietitian));
    const team = groups.body.data.rows.find((g) => g.name === '故事运动队')!;
    expect(team.energyKcal).toBe(target);

    await openScreen(page, 'mallRecipeNutritionAnalysis');
    await page.getByTestId('cycle-analysis-people').click();
    await page.getByRole('option', { name: '故事运动队' }).click();
    const verdict = page.getByTestId('cycle-analysis-verdict-energyKcal').first();
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('ok');

    // the class trains: two hours' jogging every day. The prescription is stored: the screen opens on it again
    await openScreen(page, 'recipeSport');
    await expect.poll(() => page.getByTestId('sport-boys').first().inputValue()).toBe(String(weight));
    await page.getByRole('button', { name: '添加运动' }).click();
    await number('sport-minutes', 120);
    await number('sport-sessions', 7);
    await page.getByTestId('sport-apply').click();
    await page.getByTestId('sport-saved').waitFor();
    await expect.poll(async () => (await analysis(team.peopleId)).energy.verdict).toBe('low');
    // a fresh start of the console (the analysis tab would show what it read before)
    await page.reload();
    await page.getByTestId('home-page').or(page.getByTestId('screen-recipeSport')).or(page.getByTestId('recipe-sport-screen')).first().waitFor();
    await openScreen(page, 'mallRecipeNutritionAnalysis');
    await page.getByTestId('cycle-analysis-people').click();
    await page.getByRole('option', { name: '故事运动队' }).click();
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('low');
  });
});
