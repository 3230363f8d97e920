// Issue 13: menu names follow the chosen language. The server names its menu in Simplified Chinese; an entry that is
// a registry screen shows the registry's translation in en-US and zh-TW (its group too), and its open tab follows.
import { describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';

const h = useConsole();

describe('menu names in every locale', () => {
  it('shows the side menu, its group and the open tab in the chosen language, and the server’s names in zh-CN', async () => {
    const page = await h.browser.context.newPage();
    await signInToHome(page, h.server.url, '13800000008');
    await openScreen(page, 'productManage');
    const menu = page.getByTestId('side-menu');
    const item = menu.getByTestId('menu-item-productManage');
    const group = menu.getByTestId('menu-item-mealModule');
    const tabs = page.getByTestId('tags-view');
    await expect.poll(() => item.innerText()).toBe('商品管理');

    const choose = async (locale: string) => {
      await page.getByTestId('locale-switch').click();
      await page.getByTestId(`locale-${locale}`).click();
    };
    await choose('en-US');
    await expect.poll(() => item.innerText()).toBe('Products');
    await expect.poll(() => group.innerText()).toBe('Meals');
    await expect.poll(() => tabs.innerText()).toContain('Products');
    expect(await tabs.innerText()).not.toContain('商品管理');

    await choose('zh-CN');
    await expect.poll(() => item.innerText()).toBe('商品管理');
    await expect.poll(() => tabs.innerText()).toContain('商品管理');
  });
});
