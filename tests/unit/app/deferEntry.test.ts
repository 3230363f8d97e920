// Issue 12: the built index.html's entry script and modulepreloads leave the head for the inline loader, which adds
// them a moment after the first contentful paint when the pre-rendered form fits the visit, and at once otherwise.
import { describe, expect, it } from 'vitest';
import { deferEntry, withoutSharedThemeStyle } from '../../../scripts/prerenderSignIn.ts';

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

  /** Runs the loader with fake browser parts; timers are kept with their delays, to be run by the test. */
  function runLoader(entry: string, fits: boolean) {
    const added: string[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    let observer: ((list: { getEntriesByName(n: string): unknown[] }) => void) | null = null;
    const document = { createElement: () => ({} as Record<string, string>), head: { appendChild: (el: Record<string, string>) => added.push(el.src ?? el.href) } };
    class PerformanceObserver { constructor(cb: typeof observer) { observer = cb; } observe() {} }
    new Function('window', 'document', 'PerformanceObserver', 'setTimeout', entry)(
      { __signIn: { fits } }, document, PerformanceObserver, (run: () => void, ms: number) => timers.push({ run, ms }),
    );
    return { added, timers, painted: () => observer!({ getEntriesByName: () => [{}] }) };
  }

  it('loads at once when the page does not fit; when it does, a moment after the first paint, or by the fallback', () => {
    const { entry } = deferEntry(HTML);
    expect(runLoader(entry, false).added).toEqual(['/assets/react-B.js', '/assets/fluent-C.js', '/assets/index-A.js']);

    const painted = runLoader(entry, true);
    expect(painted.added).toEqual([]);
    expect(painted.timers.map((t) => t.ms)).toEqual([500]);
    painted.painted();
    // the first paint does not load yet: the quiet moment after it is the person's
    expect(painted.added).toEqual([]);
    expect(painted.timers.map((t) => t.ms)).toEqual([500, 200]);
    painted.timers.splice(1)[0].run();
    expect(painted.added).toHaveLength(3);
    // the fallback then finds the load started
    painted.timers.splice(0).forEach((t) => t.run());
    expect(painted.added).toHaveLength(3);

    const hidden = runLoader(entry, true);
    hidden.timers.splice(0).forEach((t) => t.run());
    expect(hidden.added).toHaveLength(3);
  });

  it('with the form on screen adds the preloads a few per task, the entry script after the last of them', () => {
    const links = Array.from({ length: 8 }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/m${i}.js">`).join('');
    const { entry } = deferEntry(`<head><script type="module" crossorigin src="/assets/index-A.js"></script>${links}</head>`);
    const { added, timers } = runLoader(entry, true);
    // the fallback starts it (as the quiet moment after the paint would)
    timers.splice(0).forEach((t) => t.run());
    expect(added).toEqual(['/assets/m0.js', '/assets/m1.js', '/assets/m2.js', '/assets/m3.js', '/assets/m4.js', '/assets/m5.js']);
    // the next batch runs as its own task
    timers.splice(0).forEach((t) => t.run());
    expect(added.slice(6)).toEqual(['/assets/m6.js', '/assets/m7.js', '/assets/index-A.js']);
  });

  it('leaves a page without exactly one entry script as it is', () => {
    expect(deferEntry('<head></head>')).toEqual({ rest: '<head></head>', entry: '' });
  });
});

describe('withoutSharedThemeStyle', () => {
  const theme = '<style id="fui-FluentProvider_R_0_">.fui-FluentProvider_R_0_{--colorBrand:#0f6cbd}</style>';
  const page = (form: string, style = theme) => `<div class="fui-FluentProvider">${style}<form>${form}</form></div>`;

  it('drops the theme style from a tab copy when the shown page carries the same one', () => {
    expect(withoutSharedThemeStyle(page('password'), page('sms'))).toBe('<div class="fui-FluentProvider"><form>password</form></div>');
  });

  it('keeps it when the shown page has another one, or none', () => {
    const other = '<style id="fui-FluentProvider_R_1_">.x{--colorBrand:red}</style>';
    expect(withoutSharedThemeStyle(page('password'), page('sms', other))).toBe(page('password'));
    expect(withoutSharedThemeStyle(page('password'), page('sms', ''))).toBe(page('password'));
  });
});
