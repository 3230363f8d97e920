export type ContactSearchField = 'pinyinFirst' | 'phoneNumber' | 'name';

export interface ContactSearch {
  field: ContactSearchField;
  /** SQL-LIKE wildcard pattern */
  pattern: string;
}

// §5 contact search: letters search pinyinFirst, digits only search phoneNumber, Chinese characters search
// name, all wildcard
export function classifyContactSearch(text: string): ContactSearch {
  const t = text.trim();
  if (/^[a-z]+$/i.test(t)) return { field: 'pinyinFirst', pattern: `%${t.toLowerCase()}%` };
  if (/^\d+$/.test(t)) return { field: 'phoneNumber', pattern: `%${t}%` };
  return { field: 'name', pattern: `%${t}%` };
}

/*
 * Pinyin initials without a dictionary. Under the pinyin collation Chinese characters sort by reading, and
 * CLDR marks where each initial letter starts with index boundary strings U+FDD0 + letter (no syllable starts
 * with i, u or v). A character's initial is the letter of the last boundary not after it. Comparing against
 * these markers, rather than a hand-picked first character per letter, stays right across ICU versions.
 * Polyphonic characters get their main reading.
 */
const INITIALS = [...'abcdefghjklmnopqrstwxyz'];
const BOUNDARIES = INITIALS.map((l) => `\uFDD0${l.toUpperCase()}`);
const HAN = /\p{Script=Han}/u;
let collator: Intl.Collator | undefined;

function initialOf(ch: string): string {
  collator ??= new Intl.Collator('zh-Hans-CN-u-co-pinyin');
  let letter = INITIALS[0];
  for (let i = 0; i < BOUNDARIES.length && collator.compare(ch, BOUNDARIES[i]) >= 0; i++) letter = INITIALS[i];
  return letter;
}

/** The lowercase pinyin initials of a name: 张三 → zs; ASCII letters and digits pass through lowercased. */
export function pinyinInitials(name: string): string {
  let out = '';
  for (const ch of name) {
    if (/[a-z0-9]/i.test(ch)) out += ch.toLowerCase();
    else if (HAN.test(ch)) out += initialOf(ch);
  }
  return out;
}
