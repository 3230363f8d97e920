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
      // a column stuck to an edge of its scroller (a table's actions) hides what scrolls under it
      for (const s of stuck) {
        if (!box || s.contains(el)) continue;
        const r = s.getBoundingClientRect();
        if (Math.min(box.y2, r.bottom) - Math.max(box.y1, r.top) <= 0 || Math.min(box.x2, r.right) - Math.max(box.x1, r.left) <= 0) continue;
        const st = getComputedStyle(s);
        if (st.right !== 'auto') box = { ...box, x2: Math.min(box.x2, r.left) };
        else if (st.left !== 'auto') box = { ...box, x1: Math.max(box.x1, r.right) };
      }
      return box && box.x2 - box.x1 > 0 && box.y2 - box.y1 > 0 ? box : null;
    };
    const stuck = roots.flatMap((r) => [...r.querySelectorAll('*')]).filter((e) => {
      const st = getComputedStyle(e);
      return st.position === 'sticky' && st.backgroundColor !== 'rgba(0, 0, 0, 0)' && (st.right !== 'auto' || st.left !== 'auto');
    });
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

/**
 * Text squeezed into a column too narrow for it (issue 28 point 9): a visible text run drawn on three lines or more
 * whose widest line is under 4 em (a character or two a line), or on four lines or more under 8 em (a name broken
 * into scraps). Lines are the run's line boxes grouped by their top.
 */
export const squeezedTexts = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const hits: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        const text = n.textContent?.trim();
        const el = n.parentElement;
        if (!text || text.length < 3 || !el || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const lines = new Map<number, number>();
        for (const r of range.getClientRects()) {
          if (r.width < 1) continue;
          const top = Math.round(r.top);
          lines.set(top, (lines.get(top) ?? 0) + r.width);
        }
        const em = parseFloat(getComputedStyle(el).fontSize) || 14;
        const widest = Math.max(0, ...lines.values()) / em;
        if ((lines.size >= 3 && widest < 4) || (lines.size >= 4 && widest < 8)) hits.push(`${text.slice(0, 30)} (${lines.size} lines, ${widest.toFixed(1)} em)`);
      }
    }
    return hits;
  }, selector);

/** Elements matching `selector` that stick out of the box of `container` (its border box), more than a pixel. */
export const outside = (page: Page, container: string, selector: string) =>
  page.evaluate(([box, sel]) => {
    const c = document.querySelector(box)!.getBoundingClientRect();
    return [...document.querySelector(box)!.querySelectorAll(sel)]
      .filter((e) => e.checkVisibility())
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.left < c.left - 1 || r.right > c.right + 1);
      })
      .map((e) => e.outerHTML.slice(0, 80));
  }, [container, selector] as const);

/**
 * What a chart under `selector` fails to show (@fluentui/react-charts): a y-axis tick label drawn past the left
 * edge of its svg (clipped: "18.96k" read "8.96k"), an x-axis category whose label is missing or empty, two x-axis
 * labels drawn over each other. `categories` are the names the x axis must carry (by default those of the bars, as
 * their accessible names start: "奶及奶制品. 65%").
 */
export const chartLabelProblems = (page: Page, selector: string, categories?: readonly string[]) =>
  page.evaluate(([sel, names]) => {
    const problems: string[] = [];
    const chart = document.querySelector(sel);
    if (!chart) return [`no chart ${sel}`];
    const svg = chart.querySelector('svg[role="region"]') ?? chart.querySelector('svg')!;
    const s = svg.getBoundingClientRect();
    const axis = (id: string) => [...svg.querySelectorAll<SVGTextElement>(`g[id^="${id}"] .tick text`)].filter((t) => (t.textContent ?? '').trim());
    for (const t of axis('yAxisGElement')) {
      const r = t.getBoundingClientRect();
      if (r.left < s.left - 0.5) problems.push(`y label ${t.textContent} clipped (${(s.left - r.left).toFixed(1)} px)`);
    }
    const xs = axis('xAxisGElement');
    const label = (t: SVGTextElement) => t.getAttribute('data-full') ?? t.textContent ?? '';
    const bars = [...new Set([...svg.querySelectorAll('rect[role="option"]')].map((b) => (b.getAttribute('aria-label') ?? '').split('. ')[0]))];
    if (!names && !bars.length) problems.push('no bars');
    for (const name of names ?? bars) {
      const t = xs.find((x) => label(x) === name);
      if (!t) problems.push(`x label ${name} missing`);
      else if (!(t.textContent ?? '').trim()) problems.push(`x label ${name} empty`);
    }
    const boxes = xs.map((t) => ({ text: t.textContent, r: t.getBoundingClientRect(), tick: t.closest('g.tick') ?? t }));
    const rotated = boxes.some((b) => /rotate/.test(b.tick.getAttribute('transform') ?? ''));
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i].r;
      if (a.bottom > s.bottom + 0.5 || a.left < s.left - 0.5 || a.right > s.right + 0.5) problems.push(`x label ${boxes[i].text} clipped`);
      if (rotated) {
        // labels turned 45° are parallel: they clear each other when the ticks' spacing across them is a line's height
        if (i > 0) {
          const x = (k: number) => (boxes[k].tick as SVGGraphicsElement).getCTM()?.e ?? 0;
          const gap = Math.abs(x(i) - x(i - 1)) * Math.SQRT1_2;
          const line = (xs[i] as SVGGraphicsElement).getBBox().height;
          if (gap < line - 1) problems.push(`x labels ${boxes[i - 1].text} × ${boxes[i].text} (turned, ${gap.toFixed(1)} px apart)`);
        }
        continue;
      }
      for (let j = i + 1; j < boxes.length; j++) {
        const b = boxes[j].r;
        if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1) problems.push(`x labels ${boxes[i].text} × ${boxes[j].text}`);
      }
    }
    return problems;
  }, [selector, categories ?? null] as const);
