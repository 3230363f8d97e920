// Issue 15: an org's texts per language applied over the Lingui catalogs, for any label (not only menu names): the
// message whose zh-CN source text is the key shows the org's text in that language, the others keep the catalog's,
// another org-app puts the catalog's text back, and a catalog loaded later does not undo them.
import { describe, expect, it } from 'vitest';
import { setupI18n, type Messages } from '@lingui/core';
import { messages as zhCN } from '../../../locales/zh-CN.ts';
import { messages as enUS } from '../../../locales/en-US.ts';
import { idsBySource, orgTextsOverlay } from '../../../src/app/orgTexts.ts';

const ids = idsBySource(zhCN as Messages);
const idOf = (source: string) => {
  const id = ids.get(source);
  if (!id) throw new Error(`no message ${source}`);
  return id;
};

describe('org texts over the catalogs', () => {
  it('replaces a label in the chosen language only, restores it for another org, survives a catalog load', () => {
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': enUS as Messages, 'zh-CN': zhCN as Messages } });
    const minimum = idOf('起订金额（元，0 表示不限）');
    const cutoff = idOf('下单截止时间（北京时间）');
    const catalogMinimum = i18n._(minimum);
    const catalogCutoff = i18n._(cutoff);
    expect(catalogMinimum).not.toBe('起订金额（元，0 表示不限）');

    const overlay = orgTextsOverlay(i18n, zhCN as Messages);
    overlay.set({ 'en-US': { '起订金额（元，0 表示不限）': 'Smallest order (¥)' }, 'zh-CN': { '起订金额（元，0 表示不限）': '本校起订金额' } });
    expect(i18n._(minimum)).toBe('Smallest order (¥)');
    expect(i18n._(cutoff)).toBe(catalogCutoff);

    // the other language of the same org
    i18n.activate('zh-CN');
    expect(i18n._(minimum)).toBe('本校起订金额');
    i18n.activate('en-US');
    expect(i18n._(minimum)).toBe('Smallest order (¥)');

    // a whole catalog loaded later (the console's) brings the catalog's text: the org's comes back over it
    i18n.load('en-US', enUS as Messages);
    expect(i18n._(minimum)).toBe('Smallest order (¥)');

    // the org changes its text, then another org-app without texts: the catalog's own again
    overlay.set({ 'en-US': { '起订金额（元，0 表示不限）': 'Minimum' } });
    expect(i18n._(minimum)).toBe('Minimum');
    overlay.set({});
    expect(i18n._(minimum)).toBe(catalogMinimum);
    i18n.activate('zh-CN');
    expect(i18n._(minimum)).toBe('起订金额（元，0 表示不限）');
    overlay.dispose();
  });

  it('ignores keys that name no message and empty texts', () => {
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': enUS as Messages } });
    const before = { ...i18n.messages };
    const overlay = orgTextsOverlay(i18n, zhCN as Messages);
    overlay.set({ 'en-US': { 'no such label': 'x', '起订金额（元，0 表示不限）': '' } });
    expect(i18n.messages).toEqual(before);
    overlay.dispose();
  });
});
