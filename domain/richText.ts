// §5 uploaded HTML is sanitised with an allowed tag list (the spec does not show it): this is the list, for every
// rich text the console renders (notices, release notes). Formatting, lists, tables, links and images; no scripts,
// styles, frames, forms or embedded objects. Attributes: links and images only, plus the table's spans.
export const RICH_TEXT_TAGS: readonly string[] = [
  'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  'a', 'img', 'figure', 'figcaption',
];
export const RICH_TEXT_ATTRIBUTES: readonly string[] = ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan'];
/** Links and images: web addresses, mail and phone links, and relative ones; never javascript: or data: */
export const RICH_TEXT_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
