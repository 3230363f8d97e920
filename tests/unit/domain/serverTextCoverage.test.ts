// Issue 13 follow-up: every fixed Chinese refusal the server writes has its zh-TW and en-US wording. The refusals are
// found in the source itself (tests/support/refusalTexts.ts: texts passed to badRequest … refuse, *_TEXT tables,
// row errors pushed onto errors/reasons lists), so a new refusal without a catalog entry fails here. A text's
// `${…}` parts are filled with a value (A1) the catalog must keep as data.
import { describe, expect, it } from 'vitest';
import { serverRefusalTexts } from '../../support/refusalTexts.ts';
import { SERVER_TEXTS, translateServerText } from '../../../domain/serverTexts.ts';
import { REFUSAL_TEXTS } from '../../../domain/serverRefusalTexts.ts';
import { ORDER_ACTIONS, ORDER_STATUSES, ORDER_TEXT } from '../../../domain/order.ts';
import { RETURN_ACTIONS, RETURN_STATUSES, RETURN_TEXT } from '../../../domain/orderReturn.ts';
import { CONTACTS_MESSAGES } from '../../../services/contacts.ts';

const CJK = /[\u4e00-\u9fff]/;
const sample = (text: string) => text.replace(/\{\}/g, 'A1');

/** Texts left in zh-CN on purpose, each with the reason. */
const KEPT: Record<string, string> = {
  // services/contacts.ts compares these word for word (部门联系人已存在 counts as success)
  ...Object.fromEntries(Object.values(CONTACTS_MESSAGES).map((t) => [t, 'the console matches it'])),
};
/** Texts made from the domain's own status and action words: checked below for every combination instead. */
const COMPOSED = new Set(['订单{}，不能{}', '无权{}该订单', '无权{}', '退货单{}，不能{}', '巡检单{}，不能{}', '无权{}该巡检单']);

/** Characters written only in Simplified Chinese (their Traditional forms differ), common in the refusals. */
const SIMPLIFIED_ONLY = '们这个为发过动还进实现问题关请设数据库码资确认选择计划类别单价订联删编辑户级组称录导账号务机构应门记标签详细间换让证输错误显专业费该无权须开启时长对没车电话从营养师态员购货质报图网达执复议异处则规样颜层内传统围'
  + '与为节庆级经线终结给绑统总览视设试询调谁读负责贷赛达运这进违连邮释钮铃链锁问间闭阅际随难项预领频题风饮馆驳骤验鲜鸡';

describe('every fixed refusal of the server is in the catalog (issue 13)', () => {
  const found = serverRefusalTexts();
  const texts = [...new Set(found.map((f) => f.text))];

  it('finds the refusals in server/ and domain/', () => {
    expect(texts.length).toBeGreaterThan(400);
    // a refusal that carries data, a row error of the price import and one of the contacts import are among them
    expect(texts).toContain('角色不存在：{}');
    expect(texts).toContain('第 {} 行：{}');
    expect(texts).toContain('有 {} 行数据有误，未导入任何数据。第一处：{}');
    // the local ingredient import's status text: its rows are in data.errors, so the text is translated too
    expect(texts).toContain('导入失败，没有写入任何数据（{} 行有误）：{}');
  });

  it.each(['zh-TW', 'en-US'] as const)('translates each into %s, its values kept', (locale) => {
    const missing = texts.filter((t) => !(t in KEPT) && !COMPOSED.has(t) && translateServerText(sample(t), locale) === null)
      .map((t) => `${t}  (${found.find((f) => f.text === t)!.at})`);
    expect(missing).toEqual([]);
    const translated = texts.filter((t) => !(t in KEPT) && !COMPOSED.has(t)).map((t) => translateServerText(sample(t), locale)!);
    // a value the text carries is kept as it is
    expect(texts.filter((t) => !(t in KEPT) && !COMPOSED.has(t) && t.includes('{}') && !translateServerText(sample(t), locale)!.includes('A1'))).toEqual([]);
    if (locale === 'en-US') expect(translated.filter((t) => CJK.test(t))).toEqual([]);
  });

  it('keeps the texts the console reads in zh-CN, whatever the language', () => {
    for (const text of Object.keys(KEPT)) {
      expect(translateServerText(sample(text).replace('A1', '第 3 行：价格必须是数字'), 'en-US'), text).toBeNull();
    }
  });

  it("translates an order's and a return's state refusals for every status and action", () => {
    const made = [
      ...ORDER_ACTIONS.flatMap((a) => [ORDER_TEXT.notYourAction(a), ...ORDER_STATUSES.map((s) => ORDER_TEXT.notAllowed(a, s))]),
      ...RETURN_ACTIONS.flatMap((a) => [RETURN_TEXT.notYourAction(a), ...RETURN_STATUSES.map((s) => RETURN_TEXT.notPending(a, s))]),
    ];
    expect(made.filter((t) => translateServerText(t, 'en-US') === null || translateServerText(t, 'zh-TW') === null)).toEqual([]);
    expect(translateServerText(RETURN_TEXT.notPending('accept', 'withdrawn'), 'en-US')).toBe('The return is withdrawn: it cannot be accepted');
  });

  it('writes zh-TW in Traditional characters', () => {
    const simplified = new Set(SIMPLIFIED_ONLY);
    const bad = Object.entries(SERVER_TEXTS).filter(([, t]) => [...t['zh-TW'].replace(/\{\w+\}/g, '')].some((c) => simplified.has(c)))
      .map(([k, t]) => `${k} → ${t['zh-TW']}`);
    expect(bad).toEqual([]);
    // and most of them differ from the source: the same text is right only where both scripts write it alike
    const same = Object.entries(REFUSAL_TEXTS).filter(([k, t]) => k === t['zh-TW']);
    expect(same.length / Object.keys(REFUSAL_TEXTS).length).toBeLessThan(0.1);
  });
});
