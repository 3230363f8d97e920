// Issue 27: the shared date rule (domain/dateText.ts), menu addresses (domain/menuUrl.ts) and the counted receive
// limit (domain/order.ts).
import { describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/dateText.ts';
import { frameHostsProblem, menuUrlProblem, MENU_URL_TEXT } from '../../../domain/menuUrl.ts';
import { countedReceiveLimit } from '../../../domain/order.ts';

describe('instantOf', () => {
  it('reads ISO dates and date-times within 1900-9999 and refuses the rest', () => {
    expect(instantOf('2030-06-30T15:59:59.000Z')?.toISOString()).toBe('2030-06-30T15:59:59.000Z');
    expect(instantOf('2031-01-31')?.toISOString()).toBe('2031-01-31T00:00:00.000Z');
    expect(instantOf('2030-06-30T08:00:00+08:00')?.toISOString()).toBe('2030-06-30T00:00:00.000Z');
    for (const bad of ['+275760-09-13T00:00:00.000Z', '10000-01-01', '1899-12-31', '2026-02-30', '2026-00-10', '2026-01-01T24:00:00Z', '12345', 'tomorrow', '']) {
      expect(instantOf(bad), bad).toBeNull();
    }
  });
});

describe('menuUrlProblem', () => {
  const opts = { ownHost: 'console.example.cn', allowedHosts: ['reports.example.cn', '*.edu.example.cn'] };
  it('takes http(s) and own paths only', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.cn/x', '/\\evil.cn']) {
      expect(menuUrlProblem(url, { frame: false, ...opts }), url).toBe(MENU_URL_TEXT.badScheme);
    }
    expect(menuUrlProblem('/home', { frame: true, ...opts })).toBeNull();
    expect(menuUrlProblem('https://count.example.com/n', { frame: false, ...opts })).toBeNull();
  });
  it('frames the own host and the allowed ones', () => {
    expect(menuUrlProblem('https://console.example.cn/x', { frame: true, ...opts })).toBeNull();
    expect(menuUrlProblem('https://reports.example.cn/x', { frame: true, ...opts })).toBeNull();
    expect(menuUrlProblem('https://a.b.edu.example.cn/x', { frame: true, ...opts })).toBeNull();
    expect(menuUrlProblem('https://edu.example.cn/x', { frame: true, ...opts })).toBe(MENU_URL_TEXT.hostNotAllowed('edu.example.cn'));
    expect(menuUrlProblem('https://reports.example.cn.evil.com/', { frame: true, ...opts })).toBe(MENU_URL_TEXT.hostNotAllowed('reports.example.cn.evil.com'));
    expect(frameHostsProblem(['a.cn', '*.b.cn', 'c.cn:8443'])).toBeNull();
    expect(frameHostsProblem(['javascript:x'])).toBe(MENU_URL_TEXT.badHosts);
    expect(frameHostsProblem('a.cn')).toBe(MENU_URL_TEXT.badHosts);
  });
});

describe('countedReceiveLimit', () => {
  it('is the ordered quantity plus 10 %, to three decimals', () => {
    expect(countedReceiveLimit(2)).toBe(2.2);
    expect(countedReceiveLimit(3)).toBe(3.3);
    expect(countedReceiveLimit(0.125)).toBe(0.137);
  });
});
