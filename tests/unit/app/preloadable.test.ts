// Issue 12: a preloadable component renders its module without suspending once it is loaded (React 19 reveals a
// suspended boundary up to 300 ms late), and is a plain lazy component before.
import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../../../src/app/preloadable.tsx';

type Props = { name: string };
const Hello = ({ name }: Props) => createElement('p', null, `hello ${name}`);
const page = (C: (p: { name: string }) => unknown) =>
  renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(C as never, { name: 'x' })));

describe('preloadable', () => {
  it('suspends before its module is loaded and renders it directly after preload, fetching it once', async () => {
    let loads = 0;
    const C = preloadable<Props, { default: typeof Hello }>(async () => { loads += 1; return { default: Hello }; });
    expect(page(C)).toContain('loading');
    await C.preload();
    await C.preload();
    expect(page(C)).toContain('hello x');
    expect(loads).toBe(1);
  });

  it('tries a failed fetch again', async () => {
    let fail = true;
    const C = preloadable<Props, { default: typeof Hello }>(async () => { if (fail) throw new Error('offline'); return { default: Hello }; });
    await expect(C.preload()).rejects.toThrow('offline');
    fail = false;
    await C.preload();
    expect(page(C)).toContain('hello x');
  });
});
