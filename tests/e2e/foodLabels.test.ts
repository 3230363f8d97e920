// Issue 10 in Chromium: the demo dietitian prints the food labels of a day of the demo cycle — labels with the
// nutrient table and a QR code, a print preview of one label per page of the label's size (screenshot kept under
// test-results/), a PDF download with one page per label — and the QR code's trace page opens without sign-in.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { openScreen, signInWithPassword, useConsole } from '../support/console.ts';
import { launchBrowser } from '../support/browser.ts';
import { DEMO, SCHOOL_A } from '../api/usersApi.ts';

const harness = useConsole();
const OUT = 'test-results';
/** CSS px per mm, and PDF points per mm */
const PX_PER_MM = 96 / 25.4;
const PT_PER_MM = 72 / 25.4;

describe('food labels', () => {
  it('dietitian previews, prints and downloads the labels of a demo cycle day; the QR opens the public trace page', async () => {
    fs.mkdirSync(OUT, { recursive: true });
    const page = await harness.browser.context.newPage();
    await signInWithPassword(page, harness.server.url, DEMO.dietitian);
    await page.getByTestId('orgapp-item').filter({ hasText: SCHOOL_A }).first().click();
    await page.getByTestId('home-page').waitFor();
    await openScreen(page, 'mallRecipeCycleLabelSet');
    await page.getByTestId('food-label-screen').waitFor();

    // the published demo cycle (四周食谱), its first day, lunch
    await page.getByTestId('label-cycle').click();
    await page.getByRole('option').filter({ hasText: '起四周食谱' }).first().click();
    await page.getByTestId('label-day').click();
    await page.getByRole('option').first().click();
    const labels = page.getByTestId('label-preview').getByTestId('food-label');
    await expect.poll(() => labels.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    const count = await labels.count();
    const dishNames = await page.getByTestId('label-dishes').getByRole('checkbox').count();
    expect(count).toBe(dishNames);

    // each label: a title, the configured fields, the nutrient table with energy in kJ and NRV %, salt, a QR code
    const first = labels.first();
    const text = (await first.textContent()) ?? '';
    for (const part of ['配料表：', '净含量：', '项目', '每100克', 'NRV%', '能量', '蛋白质', '脂肪', '碳水化合物', '钠', 'kJ', '每份折合食盐']) expect(text, part).toContain(part);
    expect(await first.getByTestId('label-qr').count()).toBe(1);
    // issue 35: the QR is the org's short link of the dish's trace page (once it is made: print waits for it)
    await expect.poll(() => first.getAttribute('data-qr')).toMatch(/\/s\/[A-Za-z0-9]{7}$/);
    const qr = (await first.getAttribute('data-qr'))!;
    expect(await first.getAttribute('data-dropped')).toBe('0');

    await page.screenshot({ path: path.join(OUT, 'food-labels-screen.png') });

    // print media: only the labels, each exactly 60 × 40 mm
    await page.emulateMedia({ media: 'print' });
    const pages = page.locator('.food-label-page');
    expect(await pages.count()).toBe(count);
    for (let i = 0; i < count; i++) {
      const box = (await pages.nth(i).boundingBox())!;
      expect(box.width).toBeCloseTo(60 * PX_PER_MM, 0);
      expect(box.height).toBeCloseTo(40 * PX_PER_MM, 0);
    }
    expect(await page.getByTestId('food-label-screen').isVisible()).toBe(false);
    expect(await page.locator('.food-label-print').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(OUT, 'food-labels-print-preview.png'), fullPage: true });
    // Chromium's own print: one page per label, of the label's size (@page size)
    const printed = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(printed.getPageCount()).toBe(count);
    for (const p of printed.getPages()) {
      expect(p.getWidth()).toBeCloseTo(60 * PT_PER_MM, 0);
      expect(p.getHeight()).toBeCloseTo(40 * PT_PER_MM, 0);
    }
    await page.emulateMedia({ media: 'screen' });

    // the 100 × 70 size: the same labels, bigger
    await page.getByTestId('label-size').click();
    await page.getByRole('option', { name: '100×70 mm' }).click();
    await expect.poll(async () => (await labels.first().getAttribute('viewBox')) ?? '').toBe('0 0 100 70');

    // the PDF download: a real PDF, one page per label of 100 × 70 mm
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('label-pdf').click()]);
    const file = path.join(OUT, 'food-labels.pdf');
    await download.saveAs(file);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(count);
    expect(pdf.getPage(0).getWidth()).toBeCloseTo(100 * PT_PER_MM, 1);
    expect(pdf.getPage(0).getHeight()).toBeCloseTo(70 * PT_PER_MM, 1);

    // one label for the whole meal
    await page.getByTestId('label-mode').getByText('整餐一张（套餐）').click();
    await expect.poll(() => labels.count()).toBe(1);
    await expect.poll(() => labels.first().getAttribute('data-qr')).toMatch(/\/s\/[A-Za-z0-9]{7}$/);
    expect(await labels.first().getAttribute('data-qr')).not.toBe(qr);

    // the QR's short link opens the trace page, in a browser that never signed in
    const stranger = await launchBrowser();
    try {
    const tracePage = await stranger.context.newPage();
    await tracePage.goto(qr.replace(/^https?:\/\/[^/]+/, harness.server.url));
    await tracePage.getByTestId('trace-page').waitFor();
    await expect.poll(() => tracePage.getByTestId('trace-dish').count(), { timeout: 20_000 }).toBe(1);
    const traceText = (await tracePage.getByTestId('trace-page').textContent()) ?? '';
    for (const part of ['配料：', '致敏物质：', '营养成分表', '能量', 'kJ']) expect(traceText, part).toContain(part);
    expect(new URL(tracePage.url()).hash).toMatch(/^#\/trace\//);
    } finally {
      await stranger.close();
    }
  });
});
