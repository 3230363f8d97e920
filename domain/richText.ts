// §5 uploaded HTML is sanitised with an allowed tag list (notices, release notes, the mall's notices and articles). The one list,
// given to DOMPurify on the server when the text comes in (server/http/richText.ts) and in the browser whenever it is
// shown (src/components/richText.ts): no script, no style, no event handler, no frame, no form, links and images only
// to http(s) or the site's own paths. Kept here so both ends read the same list.

/** §5 the tags a rich text may hold */
export const RICH_TEXT_ALLOWED_TAGS: readonly string[] = [
  'p', 'br', 'hr', 'div', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'sub', 'sup', 'span', 'small', 'mark',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'a', 'img',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption',
];

/** §5 the attributes they may carry (no style: CSS can overlay a page or call home; no on*: script) */
export const RICH_TEXT_ALLOWED_ATTR: readonly string[] = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan'];

/**
 * http(s), mail and phone links, and paths of this site (absolute or relative); never javascript:, data: or another
 * scheme, nor a protocol-relative //host
 */
export const RICH_TEXT_URI = /^(?:https?:|mailto:|tel:|#|\/(?!\/)|[^:/?#]+(?:[/?#]|$))/i;

/** The DOMPurify configuration of §5 rich text, the same on both ends. */
export const RICH_TEXT_PURIFY_CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_ALLOWED_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ALLOWED_ATTR],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: RICH_TEXT_URI,
} as const;

/** A rich text's length limit (characters of HTML). */
export const RICH_TEXT_MAX = 50_000;
