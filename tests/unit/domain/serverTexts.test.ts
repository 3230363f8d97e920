// Issue 13 follow-up: the server's refusal texts in zh-TW and en-US. Every catalog entry is translated in both (en-US
// with no Chinese left), its templates keep their parts, every key is a text the server really writes (a source text
// changed without its entry fails here), and the texts a user meets at sign-in are all in it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_TEXTS, WRITTEN_TEXTS, localizeServerText, serverLocale } from '../../../domain/serverTexts.ts';
import { REFUSAL_TEXTS } from '../../../domain/serverRefusalTexts.ts';
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
import { CONTACTS_TEXT } from '../../../domain/aggregates/contacts.ts';
import { RECIPE_TEXT } from '../../../domain/recipeCycle.ts';
import { LOGISTICS_TEXT } from '../../../domain/logistics.ts';
import { PRICE_TEXT } from '../../../domain/priceApproval.ts';
import { PriceRowsError } from '../../../server/modules/mall/priceCommands.ts';

const CJK = /[\u4e00-\u9fff]/;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/(serverTexts|serverRefusalTexts)\.ts$/.test(p) ? [fs.readFileSync(p, 'utf8')] : [];
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
    // (REFUSAL_TEXTS too: serverTextCoverage checks the other way, every refusal of the code is here)
    const code = [...sources('server'), ...sources('domain')].join('\n');
    // a part the code writes in pieces (server/store/command.ts staleVersion: 该数据已被 + 他人 + 于)
    // (settingsRoutes.ts: 必须是 + 文本; aggregates/price.ts: 该价格已被审核（ + 已通过 / 已驳回 + ），请刷新后查看; …)
    const pieces: Record<string, string[]> = {
      该数据已被他人于: ['该数据已被', "'他人'", '于 '],
      必须是文本: ['必须是', "'文本'"],
      '该价格已被审核（已通过），请刷新后查看': ['该价格已被审核（', "'已通过'", '），请刷新后查看'],
      '该价格已被审核（已驳回），请刷新后查看': ['该价格已被审核（', "'已驳回'", '），请刷新后查看'],
      // domain/moduleApis.ts defaultRefusalText: 「name」 or 该模块, then the rest
      '」当前不在开放时间内，请在开放时间内使用': ['」`', '当前不在开放时间内，请在开放时间内使用'],
      '该模块当前不在开放时间内，请在开放时间内使用': ["'该模块'", '当前不在开放时间内，请在开放时间内使用'],
    };
    const written = (part: string) => (pieces[part] ?? [part]).every((p) => code.includes(p));
    const stale = [...Object.keys(WRITTEN_TEXTS), ...Object.keys(REFUSAL_TEXTS)].flatMap((key) => key.split(/\{\w+\}|[：\s]/).filter((part) => CJK.test(part) && !written(part)).map((part) => `${key}: ${part}`));
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
    expect(localizeServerText('参数错误：缺少 某个名称', 'en-US')).toBe('参数错误：缺少 某个名称');
    // a list of row errors with one the catalog lacks stays whole
    expect(localizeServerText('价格信息添加失败：第 1 行：价格必须是数字；第 2 行：一段目录里没有的话', 'en-US')).toBe('价格信息添加失败：第 1 行：价格必须是数字；第 2 行：一段目录里没有的话');
  });
});

describe('refusals that carry data, and the row errors of the imports (issue 13 follow-up)', () => {
  it('keeps the data a refusal carries, Chinese or not, and translates the rest', () => {
    expect(localizeServerText(USER_TEXT.unknownRole('营养师'), 'en-US')).toBe('The role does not exist: 营养师');
    expect(localizeServerText(USER_TEXT.unknownRole('营养师'), 'zh-TW')).toBe('角色不存在：营养师');
    // data is never looked up in the catalog, even when it reads like one of its words
    expect(localizeServerText(USER_TEXT.unknownRole('角色'), 'en-US')).toBe('The role does not exist: 角色');
    expect(localizeServerText(CONTACTS_TEXT.duplicateName('后勤部'), 'zh-TW')).toBe('同級部門名稱已存在：后勤部');
    expect(localizeServerText(ORDER_TEXT.unknownSkus(['sku-1', 'sku-2']), 'en-US'))
      .toBe('Invalid request: products that do not exist or do not belong to this supplier: sku-1, sku-2');
    expect(localizeServerText(RECIPE_TEXT.unknownDish(['a', 'b', 'c', 'd', 'e', 'f']), 'en-US')).toBe('Invalid request: the dishes do not exist: a, b, c, d, e and more');
  });

  it('translates a price import\'s row errors row by row, and the count of the rest', () => {
    const text = new PriceRowsError([
      { row: 3, errors: [PRICE_TEXT.notNumber] }, { row: 5, errors: ['SKU 不存在', PRICE_TEXT.endBeforeStart] },
      { row: 6, errors: [PRICE_TEXT.notNumber] }, { row: 7, errors: [PRICE_TEXT.notNumber] }, { row: 8, errors: [PRICE_TEXT.notNumber] },
      { row: 9, errors: [PRICE_TEXT.notNumber] },
    ]).message;
    expect(localizeServerText(text, 'en-US')).toBe('The prices could not be added: Row 3: The price must be a number; Row 5: The SKU does not exist; '
      + 'The end date cannot be earlier than the start date; Row 6: The price must be a number; Row 7: The price must be a number; '
      + 'Row 8: The price must be a number; 6 rows with errors in all');
    expect(localizeServerText(text, 'zh-TW')).toMatch(/^價格資訊新增失敗：第 3 行：價格必須是數字；第 5 行：SKU 不存在；結束日期不能早於開始日期；.*；等 6 行有誤$/);
  });

  it("translates a contacts import's summary with its first row error", () => {
    const text = CONTACTS_TEXT.rowErrors(2, `第 4 行：${CONTACTS_TEXT.badPhone('1380013')}`);
    expect(localizeServerText(text, 'en-US')).toBe('Nothing was imported: errors in 2 row(s). The first: Row 4: The phone number is not valid: 1380013');
    expect(localizeServerText(text, 'zh-TW')).toBe('有 2 行資料有誤，未匯入任何資料。第一處：第 4 行：手機號碼格式不正確：1380013');
  });

  it("translates the label of a field-by-field refusal, or leaves the whole text when it cannot", () => {
    expect(localizeServerText(LOGISTICS_TEXT.text('司机', 20), 'en-US')).toBe('Invalid request: the driver cannot have more than 20 characters');
    expect(localizeServerText(LOGISTICS_TEXT.text('某个没有的标签', 20), 'en-US')).toBe('参数错误：某个没有的标签不能超过 20 个字');
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
