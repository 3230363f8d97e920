// Rich text (notices, release notes) made safe to render with DOMPurify and §5's allowed tags (domain/richText.ts).
import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, RICH_TEXT_URI } from '../../domain/richText.ts';

export function sanitiseRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES], ALLOWED_URI_REGEXP: RICH_TEXT_URI,
  });
}
