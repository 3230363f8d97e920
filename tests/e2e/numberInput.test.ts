// Issue 15, §5 number input end to end in the price dialog: letters typed into the price are reverted, 1.005 is
// rounded half-up to 1.01 when the field is left, ↑/↓ step the price, and an emptied field stays empty.
import { describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';

const harness = useConsole();

describe('the price field follows the §5 number rules', () => {
  it('reverts letters, rounds 1.005 to 1.01, steps with the arrow keys and leaves an emptied field empty', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000003');
    await openScreen(page, 'productPrice');
    const edit = page.getByTestId('price-cell').first().getByTestId('price-edit');
    await edit.waitFor();
    await edit.click();
    const dialog = page.getByTestId('price-dialog');
    const input = dialog.getByTestId('price-input');
    await input.fill('');
    await input.pressSequentially('abc');
    expect(await input.inputValue()).toBe('');
    await input.pressSequentially('1.005');
    await input.press('Tab');
    expect(await input.inputValue()).toBe('1.01');
    await input.pressSequentially('x');
    expect(await input.inputValue()).toBe('1.01');
    await input.press('ArrowUp');
    expect(await input.inputValue()).toBe('1.11');
    await input.press('ArrowDown');
    expect(await input.inputValue()).toBe('1.01');
    // emptied, the field gives null (no price), not 0
    await input.fill('');
    await input.press('Tab');
    expect(await input.inputValue()).toBe('');
    await dialog.getByTestId('price-cancel').click();
    await page.close();
  });
});
