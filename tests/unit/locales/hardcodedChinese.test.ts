// Issue 13: every text the console shows goes through the catalog (Trans, t, msg), so en-US and zh-TW users never
// meet Simplified Chinese outside data. This fails on a Chinese string in src/ that is neither inside a Lingui macro
// nor a data value listed below (sheet headers, values people type into a sheet, names the server matches).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CJK = /[\u4e00-\u9fff]/;

/** Chinese literals that are data, not interface text: what a file or the server holds, whatever the language. */
const DATA_LITERALS = new Set([
  // contacts and product sheets: the values people type (gender, yes/no, raw/cooked) and the template's sample row
  '男', '女', '是', '否', '生', '熟', '食堂', '张三',
  // units of §9 (a unit is stored as written)
  '斤', '克', '个',
  // language names are written in their own language (AppHeader)
  '简体中文', '繁體中文',
  // init template names the org-creation dialog preselects (§7 templates are named by the platform)
  '学校模板', '供应商模板',
]);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** The lines of a file with comments, Lingui macros, index keys, sheet headers and data literals removed. */
export function unmarkedChinese(source: string): { line: number; text: string }[] {
  const blank = (m: string) => m.replace(/[^\n]/g, ' ');
  const s = source
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|[^:'"`])\/\/.*$/gm, (_m, p: string) => p)
    .replace(/<Trans\b[^>]*>[\s\S]*?<\/Trans>/g, blank)
    .replace(/\b(t|msg|plural|select)`[^`]*`/g, blank)
    // a message descriptor with a context: msg({ context: 'unit', message: '袋' })
    .replace(/\b(t|msg)\(\{[^}]*\}\)/g, blank)
    .replace(/\b[A-Z_]*HEADERS\b[^=\n]*=\s*\[[^\]]*\]/g, blank)
    .replace(/\[\s*'[^'\n]*'\s*\]/g, blank)
    .replace(/'[^'\n]*'\s*:/g, blank)
    // an unquoted key naming a stored value: { 春: msg(…) }
    .replace(/(^|[{,\s])[\u4e00-\u9fff]+\s*:/gm, (m, p: string) => p + blank(m.slice(p.length)))
    // a regular expression literal, a character class in it may hold a slash: /[/.年月]/g
    .replace(/\/(?:\\.|\[(?:\\.|[^\]\n])*\]|[^/\n[])+\/[gimsuy]*/g, (m) => (CJK.test(m) ? blank(m) : m))
    .replace(/(['"])((?:\\.|(?!\1)[^\\\n])*)\1/g, (m, _q, body: string) => (DATA_LITERALS.has(body) ? blank(m) : m));
  return s.split('\n').flatMap((text, i) => (CJK.test(text) ? [{ line: i + 1, text: text.trim() }] : []));
}

describe('no hard-coded Chinese in the console', () => {
  it('finds a plain Chinese string and passes the macros, keys and data values', () => {
    const found = unmarkedChinese(
      [
        "const a = t`保存`; const b = <Trans>取消</Trans>; // 注释",
        "const c = cells['商品名称*']; const d = { '早餐': 1 }; const g = '男';",
        "throw new Error('二维码已失效');",
        "const u = msg({ context: 'unit', message: '袋' }); const r = /[/.年月]/g;",
      ].join('\n'),
    );
    expect(found.map((f) => f.line)).toEqual([3]);
  });

  it('has every interface text of src/ in the catalog', () => {
    const offenders = files('src').flatMap((file) => unmarkedChinese(fs.readFileSync(file, 'utf8')).map((f) => `${file}:${f.line}: ${f.text}`));
    expect(offenders).toEqual([]);
  });
});
