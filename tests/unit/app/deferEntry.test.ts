// Issue 12: the built index.html's entry script and modulepreloads leave the head for the inline loader, which adds
// them after the first contentful paint when the pre-rendered form fits the visit, and at once otherwise.
import { describe, expect, it } from 'vitest';
import { deferEntry } from '../../../scripts/prerenderSignIn.ts';

const HTML = `<head><title>t</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/fluent-C.js">
  </head><body><div id="root"></div></body>`;

describe('deferEntry', () => {
  it('takes the entry and its preloads out of the page and hands them to the loader', () => {
    const { rest, entry } = deferEntry(HTML);
    expect(rest).not.toContain('<script type="module"');
    expect(rest).not.toContain('modulepreload');
    expect(rest).toContain('<title>t</title>');
    expect(entry).toContain('"/assets/index-A.js"');
    expect(entry).toContain('["/assets/react-B.js","/assets/fluent-C.js"]');
    expect(entry).toContain('first-contentful-paint');
  });

  it('loads at once when the page does not fit, after the first paint when it does, and at the latest by the fallback', () => {
    const { entry } = deferEntry(HTML);
    const added: string[] = [];
    const timers: (() => void)[] = [];
    let observer: ((list: { getEntriesByName(n: string): unknown[] }) => void) | null = null;
    const run = (fits: boolean) => {
      added.length = 0; timers.length = 0; observer = null;
      const document = { createElement: () => ({} as Record<string, string>), head: { appendChild: (el: Record<string, string>) => added.push(el.src ?? el.href) } };
      const window = { __signIn: { fits } };
      class PerformanceObserver { constructor(cb: typeof observer) { observer = cb; } observe() {} }
      new Function('window', 'document', 'PerformanceObserver', 'setTimeout', entry)(window, document, PerformanceObserver, (f: () => void) => timers.push(f));
    };
    run(false);
    expect(added).toEqual(['/assets/react-B.js', '/assets/fluent-C.js', '/assets/index-A.js']);
    run(true);
    expect(added).toEqual([]);
    observer!({ getEntriesByName: () => [{}] });
    expect(added).toHaveLength(3);
    timers.forEach((f) => f());
    expect(added).toHaveLength(3);
    run(true);
    timers.forEach((f) => f());
    expect(added).toHaveLength(3);
  });

  it('with the form on screen adds the preloads a few per task, the entry script after the last of them', () => {
    const links = Array.from({ length: 8 }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/m${i}.js">`).join('');
    const { entry } = deferEntry(`<head><script type="module" crossorigin src="/assets/index-A.js"></script>${links}</head>`);
    const added: string[] = [];
    const timers: (() => void)[] = [];
    let observer: ((list: { getEntriesByName(n: string): unknown[] }) => void) | null = null;
    const document = { createElement: () => ({} as Record<string, string>), head: { appendChild: (el: Record<string, string>) => added.push(el.src ?? el.href) } };
    class PerformanceObserver { constructor(cb: typeof observer) { observer = cb; } observe() {} }
    new Function('window', 'document', 'PerformanceObserver', 'setTimeout', entry)({ __signIn: { fits: true } }, document, PerformanceObserver, (f: () => void) => timers.push(f));
    observer!({ getEntriesByName: () => [{}] });
    expect(added).toEqual(['/assets/m0.js', '/assets/m1.js', '/assets/m2.js', '/assets/m3.js', '/assets/m4.js', '/assets/m5.js']);
    // the fallback timer (first) finds the load started; the next batch runs as its own task
    timers.splice(0).forEach((f) => f());
    timers.splice(0).forEach((f) => f());
    expect(added.slice(6)).toEqual(['/assets/m6.js', '/assets/m7.js', '/assets/index-A.js']);
  });

  it('leaves a page without exactly one entry script as it is', () => {
    expect(deferEntry('<head></head>')).toEqual({ rest: '<head></head>', entry: '' });
  });
});
