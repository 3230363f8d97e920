// Short link targets (issue 35): only this deployment's own pages, whatever the encoding.
import { describe, expect, it } from 'vitest';
import { isLinkLive, ownPageTarget, shortCodeOf, targetOfAddress, visitDay, visitsByDay } from '../../domain/shortLink.ts';

describe('ownPageTarget', () => {
  it("keeps the console's pages with their hash routes and queries", () => {
    for (const t of ['/', '/#/trace/org-1/d1,d2', '/index.html#/home', '/jydd.html?x=1#/a', '/?utm=1#/mallRecipeShare']) expect(ownPageTarget(t)).toBe(t);
  });
  it('refuses other hosts, schemes, encoded slashes and backslashes, and paths that are not pages', () => {
    for (const t of [
      'https://evil.example', '//evil.example', '/\\evil', '\\\\evil', 'javascript:alert(1)', '/%2f%2fevil', '/%2F/evil', '/%5cevil',
      '/%252f%252fevil', '/%25252f%25252fevil', '/%0a/evil', '/%E0%A4%A', '/api/x', '/s/abc', 'index.html', ' ', '/ #/x',
    ]) expect(ownPageTarget(t), t).toBeNull();
    expect(ownPageTarget(`/#/${'a'.repeat(1000)}`)).toBeNull();
  });
  it('turns an address on our origin into its target, and refuses any other origin', () => {
    expect(targetOfAddress('https://meal.example/#/trace/o/d', 'https://meal.example')).toBe('/#/trace/o/d');
    expect(targetOfAddress('https://meal.example.evil/#/x', 'https://meal.example')).toBeNull();
    expect(targetOfAddress('//evil.example/#/x', 'https://meal.example')).toBeNull();
  });
});

describe('codes, expiry, days', () => {
  it('codes are 7 characters without look-alikes', () => {
    const code = shortCodeOf(new Uint8Array([0, 1, 2, 3, 255, 200, 100]));
    expect(code).toMatch(/^[A-HJ-NP-Za-km-z2-9]{7}$/);
  });
  it('a link is live until its expiry', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(isLinkLive(null, now)).toBe(true);
    expect(isLinkLive('2026-05-01T00:00:00Z', now)).toBe(false);
    expect(isLinkLive('2026-05-01T00:00:01Z', now)).toBe(true);
  });
  it('counts a visit on the Shanghai day, and fills the days nobody came', () => {
    expect(visitDay(new Date('2026-04-30T16:30:00Z'))).toBe('2026-05-01');
    expect(visitsByDay([{ day: '2026-05-02', visits: 3 }], '2026-05-01', '2026-05-03')).toEqual([
      { day: '2026-05-01', visits: 0 }, { day: '2026-05-02', visits: 3 }, { day: '2026-05-03', visits: 0 },
    ]);
  });
});
