// Issue 13 follow-up: the server's refusal texts in zh-TW and en-US. Every catalog entry is translated in both (en-US
// with no Chinese left), its templates keep their parts, every key is a text the server really writes (a source text
// changed without its entry fails here), and the texts a user meets at sign-in are all in it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_TEXTS, WRITTEN_TEXTS, localizeServerText, serverLocale } from '../../../domain/serverTexts.ts';
import { ORDER_TEXT } from '../../../domain/order.ts';
import { signInThrottleText, CAPTCHA_REQUIRED_TEXT } from '../../../domain/signInThrottle.ts';
import { USER_TEXT } from '../../../domain/aggregates/user.ts';
import { USER_ACCESS_TEXT } from '../../../domain/userAccess.ts';
import { SMS_TEXT } from '../../../server/modules/passport/smsCodes.ts';
import { SIGN_IN_TEXT } from '../../../server/modules/passport/signIn.ts';
import { PASSPORT_TEXT } from '../../../server/modules/passport/routes.ts';
import { CAPTCHA_TEXT } from '../../../server/modules/passport/captcha.ts';
import { QR_TEXT } from '../../../server/modules/passport/qrRoutes.ts';
import { ConcurrencyError } from '../../../server/store/eventStore.ts';
import { CONTACTS_MESSAGES } from '../../../services/contacts.ts';

const CJK = /[\u4e00-\u9fff]/;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !p.endsWith('serverTexts.ts') ? [fs.readFileSync(p, 'utf8')] : [];
  });
}

describe('the server text catalog (issue 13)', () => {
  const entries = Object.entries(SERVER_TEXTS);

  it.each(['zh-TW', 'en-US'] as const)('translates every entry in %s, keeping its template parts', (locale) => {
    expect(entries.length).toBeGreaterThan(50);
    expect(entries.filter(([, t]) => !t[locale]?.trim()).map(([k]) => k)).toEqual([]);
    expect(entries.filter(([k, t]) => placeholders(k).join() !== placeholders(t[locale]).join()).map(([k]) => k)).toEqual([]);
    if (locale === 'en-US') expect(entries.filter(([, t]) => CJK.test(t['en-US'])).map(([k]) => k)).toEqual([]);
  });

  it('holds only texts the server writes: each Chinese part of a key occurs in server/ or domain/', () => {
    const code = [...sources('server'), ...sources('domain')].join('\n');
    // a part the code writes in pieces (server/store/command.ts staleVersion: 该数据已被 + 他人 + 于)
    const pieces: Record<string, string[]> = { 该数据已被他人于: ['该数据已被', "'他人'", '于 '] };
    const written = (part: string) => (pieces[part] ?? [part]).every((p) => code.includes(p));
    const stale = Object.keys(WRITTEN_TEXTS).flatMap((key) => key.split(/\{\w+\}|[：\s]/).filter((part) => CJK.test(part) && !written(part)).map((part) => `${key}: ${part}`));
    expect(stale).toEqual([]);
  });

  it('covers the sign-in, captcha, QR and SMS code texts', () => {
    const texts = [
      ...Object.values(SMS_TEXT), ...Object.values(SIGN_IN_TEXT), ...Object.values(PASSPORT_TEXT),
      ...Object.values(CAPTCHA_TEXT), ...Object.values(QR_TEXT), ...Object.values(USER_ACCESS_TEXT),
      USER_TEXT.disabled, USER_TEXT.expired, CAPTCHA_REQUIRED_TEXT,
    ];
    expect(texts.filter((t) => localizeServerText(t, 'en-US') === t)).toEqual([]);
    expect(texts.filter((t) => localizeServerText(t, 'zh-TW') === t)).toEqual([]);
  });

  it("covers an order's state refusals, from the domain's own status and action names", () => {
    expect(localizeServerText(ORDER_TEXT.notAllowed('confirm', 'cancelled'), 'en-US')).toBe('The order is cancelled: it cannot be confirmed');
    expect(localizeServerText(ORDER_TEXT.notAllowed('receive', 'submitted'), 'zh-TW')).toBe('訂單待確認，不能收貨');
    expect(localizeServerText(ORDER_TEXT.notYourAction('settle'), 'en-US')).toBe('You may not settle this order');
  });

  it('leaves out the texts the console matches word for word', () => {
    // services/contacts.ts counts 部门联系人已存在 as success by its text: translated, the console would show an error
    expect(Object.values(CONTACTS_MESSAGES).filter((t) => t in SERVER_TEXTS)).toEqual([]);
  });
});

describe('localizeServerText', () => {
  it('answers zh-CN and texts the catalog lacks exactly as written', () => {
    expect(localizeServerText('没有该操作的权限', 'zh-CN')).toBe('没有该操作的权限');
    expect(localizeServerText('参数错误：缺少 body.password', 'zh-CN')).toBe('参数错误：缺少 body.password');
    expect(localizeServerText('一段目录里没有的话', 'en-US')).toBe('一段目录里没有的话');
  });

  it('translates a whole text and fills templates, field names kept as they are', () => {
    expect(localizeServerText('没有该操作的权限', 'en-US')).toBe('You do not have permission for this action');
    expect(localizeServerText('没有该操作的权限', 'zh-TW')).toBe('沒有該操作的權限');
    expect(localizeServerText('参数错误：不支持的字段 body.x', 'en-US')).toBe('Invalid request: unsupported field body.x');
    expect(localizeServerText('参数错误：不支持的字段 body.x', 'zh-TW')).toBe('參數錯誤：不支援的欄位 body.x');
    expect(localizeServerText('参数错误：缺少 query.orgId', 'en-US')).toBe('Invalid request: query.orgId is required');
    expect(localizeServerText(signInThrottleText(5 * 60_000), 'en-US')).toBe('Too many wrong passwords. Please try again in 5 minutes');
    expect(localizeServerText(new ConcurrencyError('notice-1', 3).message, 'zh-TW'))
      .toBe('該資料已被他人修改，請重新整理後重試 (stream notice-1, expected version 3)');
  });

  it('picks the most specific validation template', () => {
    expect(localizeServerText('参数错误：body.age must be >= 1', 'zh-TW')).toBe('參數錯誤：body.age 應大於或等於 1');
    expect(localizeServerText('参数错误：body.age must be integer', 'zh-TW')).toBe('參數錯誤：body.age 應為 integer');
    expect(localizeServerText('参数错误：body.name must NOT have more than 50 characters', 'zh-TW')).toBe('參數錯誤：body.name 不能多於 50 個字元');
  });

  it('does not half-translate: a part holding Chinese outside the catalog leaves the text as written', () => {
    expect(localizeServerText('参数错误：缺少 SKU 名称', 'en-US')).toBe('参数错误：缺少 SKU 名称');
  });
});

describe('serverLocale', () => {
  it('reads the language the console sends, and the first fitting one of a browser list', () => {
    expect(serverLocale(undefined)).toBe('zh-CN');
    expect(serverLocale('')).toBe('zh-CN');
    expect(serverLocale('en-US')).toBe('en-US');
    expect(serverLocale('zh-TW')).toBe('zh-TW');
    expect(serverLocale('zh-CN')).toBe('zh-CN');
    expect(serverLocale('zh-Hant-HK,zh;q=0.8')).toBe('zh-TW');
    expect(serverLocale('fr-FR,en-GB;q=0.8,zh-CN;q=0.5')).toBe('en-US');
    expect(serverLocale('de, zh;q=0.9, en;q=0.8')).toBe('zh-CN');
    expect(serverLocale('en;q=0, zh-TW;q=0.5')).toBe('zh-TW');
    expect(serverLocale('fr, de')).toBe('zh-CN');
  });
});
