// §5 rich text on the way in (issue 34): DOMPurify over a jsdom window with the allowed tag list of
// domain/richText.ts, the same list the browser sanitises with on the way out. The window is made once.
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { JSDOM } from 'jsdom';
import { RICH_TEXT_PURIFY_CONFIG } from '../../domain/richText.ts';

let purifier: Purifier | null = null;

export function sanitiseRichText(html: string): string {
  purifier ??= DOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  return purifier.sanitize(html, { ...RICH_TEXT_PURIFY_CONFIG, ALLOWED_TAGS: [...RICH_TEXT_PURIFY_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...RICH_TEXT_PURIFY_CONFIG.ALLOWED_ATTR] });
}
