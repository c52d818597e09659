/**
 * The one rich-text allow-list (spec 2 section 5; docs/decisions.md "Rich text is sanitized when
 * written and when read"). Data only: the server applies it with sanitize-html
 * (`server/src/http/sanitize-rich-text.ts`, on write and on read), the widget with DOMPurify at
 * display (`widget/src/chat/`); neither defines a list of its own.
 *
 * Allowed: links, text formatting, headings, lists, tables, images and video; attributes align,
 * color, controls, height, href, src, style, target, title, type, width; CSS properties color,
 * background-color, font-size, text-align, text-decoration, font-weight.
 * Schemes (issue 19 narrows the spec's list): http, https and ftp everywhere, mailto on links,
 * `data:` only as an image's src (data:image/png|jpeg|gif|webp), `file:` never (a link to the
 * reader's own disk is no use from a web page, and a phishing aid).
 */
export const RICH_TEXT_TAGS = [
  'a', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup', 'small', 'mark', 'br', 'p', 'span', 'div', 'blockquote', 'code', 'pre', 'hr',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  'img', 'video', 'source',
] as const;

export const RICH_TEXT_ATTRIBUTES = ['align', 'color', 'controls', 'height', 'href', 'src', 'style', 'target', 'title', 'type', 'width'] as const;

/** CSS property → the pattern its value must match whole. */
export const RICH_TEXT_STYLES: Readonly<Record<string, RegExp>> = {
  color: /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+(deg)?[\d\s.,%/]*\))$/i,
  'background-color': /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+(deg)?[\d\s.,%/]*\))$/i,
  'font-size': /^[\d.]+(px|em|rem|%)$/,
  'text-align': /^(left|right|center|justify)$/,
  'text-decoration': /^[a-z\s-]+$/,
  'font-weight': /^(normal|bold|\d{3})$/,
};

/** URL schemes allowed in href and src (a relative URL has none and is kept). */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'ftp', 'mailto'] as const;
/** `data:` is allowed only here: an image's src, and only these raster types. */
export const RICH_TEXT_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/** Whether a URL may stay in `attribute` of `tag` under the list above. */
export function isAllowedRichTextUrl(tag: string, attribute: string, url: string): boolean {
  const value = url.trim();
  // Browsers ignore control characters and spaces inside a scheme (`java\tscript:`), so they go before it is read.
  // eslint-disable-next-line no-control-regex
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  if (scheme === 'data') return tag === 'img' && attribute === 'src' && RICH_TEXT_DATA_IMAGE.test(value);
  return (RICH_TEXT_SCHEMES as readonly string[]).includes(scheme) && (scheme !== 'mailto' || tag === 'a');
}
