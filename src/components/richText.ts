// §5 rich text on the way out (issue 34): every mall notice or article the browser shows goes through DOMPurify with
// the allowed tag list of domain/richText.ts, the same list the server sanitised it with on the way in.
import DOMPurify from 'dompurify';
import { RICH_TEXT_PURIFY_CONFIG } from '../../domain/richText.ts';

export function sanitiseRichText(html: string): string {
  return DOMPurify.sanitize(html, { ...RICH_TEXT_PURIFY_CONFIG, ALLOWED_TAGS: [...RICH_TEXT_PURIFY_CONFIG.ALLOWED_TAGS], ALLOWED_ATTR: [...RICH_TEXT_PURIFY_CONFIG.ALLOWED_ATTR] });
}
