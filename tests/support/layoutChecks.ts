// Issue 13's screenshot checks: a page laid out for the screen it is on has nothing wider than the viewport and no
// text drawn over other text. The checks read the same layout the screenshot shows (taken in the same breath, kept
// under .tmp/e2e-shots for a person to look at).
import fs from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * Elements matching `selector` drawn past the viewport's right edge. Inside a box of the page that scrolls (a wide
 * table in its own scroller) only the part in the box's view counts: the rest is a swipe away, not cut off. The
 * shell's content area and what holds it do not count as such a box (a page scrolling sideways is what the check
 * is for), nor does a box that merely hides its overflow: what it cuts off is lost to the reader.
 */
export const overflowing = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.filter((e) => {
    const content = document.querySelector('[data-testid="shell-content"]');
    let right = e.getBoundingClientRect().right;
    for (let a = e.parentElement; a; a = a.parentElement) {
      if (content && a.contains(content)) break;
      const st = getComputedStyle(a);
      if (/(auto|scroll)/.test(st.overflowX)) right = Math.min(right, a.getBoundingClientRect().right);
    }
    return right > window.innerWidth + 1;
  }).map((e) => e.outerHTML.slice(0, 80)));

/**
 * Pairs of visible text runs under `selector` whose drawn boxes overlap. A text run's box is its Range's line boxes
 * (the glyphs, not the element's padding), clipped by every scrolling or clipping ancestor, so text scrolled out of
 * a box does not count. Overlaps under 2 px either way are rounding, not a collision.
 */
export const overlappingTexts = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    type Box = { x1: number; y1: number; x2: number; y2: number };
    const roots = [...document.querySelectorAll(sel)];
    const runs: { text: string; boxes: Box[]; node: Text }[] = [];
    const clip = (b: Box, el: Element | null): Box | null => {
      let box: Box | null = b;
      for (let e = el; e && box; e = e.parentElement) {
        const st = getComputedStyle(e);
        if (st.overflowX !== 'visible' || st.overflowY !== 'visible') {
          const r = e.getBoundingClientRect();
          box = { x1: Math.max(box.x1, r.left), y1: Math.max(box.y1, r.top), x2: Math.min(box.x2, r.right), y2: Math.min(box.y2, r.bottom) };
          if (box.x2 - box.x1 <= 0 || box.y2 - box.y1 <= 0) box = null;
        }
      }
      if (box) box = { x1: Math.max(box.x1, 0), y1: Math.max(box.y1, 0), x2: Math.min(box.x2, window.innerWidth), y2: Math.min(box.y2, window.innerHeight) };
      return box && box.x2 - box.x1 > 0 && box.y2 - box.y1 > 0 ? box : null;
    };
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        const text = n.textContent?.trim();
        const el = n.parentElement;
        if (!text || !el || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const boxes = [...range.getClientRects()]
          .map((r) => clip({ x1: r.left, y1: r.top, x2: r.right, y2: r.bottom }, el))
          .filter((b): b is Box => b !== null);
        if (boxes.length) runs.push({ text, boxes, node: n });
      }
    }
    const hits: string[] = [];
    for (let i = 0; i < runs.length; i++) {
      for (let j = i + 1; j < runs.length; j++) {
        const hit = runs[i].boxes.some((a) => runs[j].boxes.some((b) => Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1) > 2 && Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1) > 2));
        if (hit) hits.push(`${runs[i].text.slice(0, 30)} × ${runs[j].text.slice(0, 30)}`);
      }
    }
    return hits;
  }, selector);

/** Takes the screenshot and checks what it shows: nothing past the right edge, no text over other text. */
export async function checkLayout(page: Page, name: string, scope = '[data-testid="main-layout"]'): Promise<{ overflow: string[]; overlaps: string[] }> {
  fs.mkdirSync('.tmp/e2e-shots', { recursive: true });
  await page.screenshot({ path: `.tmp/e2e-shots/${name}.png` });
  return { overflow: await overflowing(page, `${scope} *`), overlaps: await overlappingTexts(page, scope) };
}
