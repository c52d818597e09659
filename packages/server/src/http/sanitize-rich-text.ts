import sanitizeHtml from 'sanitize-html';

/**
 * The one rich-text sanitizer and its one allow-list (docs/decisions.md "Rich text is sanitized
 * when written and when read"). Every field that holds admin-written HTML goes through
 * `sanitizeRichText`, and nothing else in the product parses or filters HTML:
 *
 * | Field | Written (sanitized on the way in) | Read (sanitized on the way out, for rows stored before) |
 * |---|---|---|
 * | Plan.Description (spec 1 §3 "Description (HTML)") | `catalog/catalog-inputs.ts` `planRow`: admin API create/update and the config seed | `catalog/catalog.mappers.ts` `planFromRow`: every plan read (plans list and by uid, init settings, admin reads, subscriptions, the catalogue snapshot) |
 * | terms.html (company config; spec "terms HTML") | never stored: the config file is the source | `widgets/build-init-settings.ts` (TermsText), its only reader |
 *
 * Plan families and add-ons carry no description in this product, and an email list's Description
 * is plain text (the widget renders it as text). A new HTML field adds a row here and calls
 * `sanitizeRichText` where it is written and where it is read.
 *
 * Spec 2 section 5: displayed rich text allows only links, text formatting, headings, lists,
 * tables, images and video; attributes align, color, controls, height, href, src, style, target,
 * title, type, width; CSS properties color, background-color, font-size, text-align,
 * text-decoration, font-weight; link schemes http, https, data, file, ftp. Everything else
 * (script, style, iframe, object, embed, form, svg, event handlers, javascript: and vbscript:
 * URLs) is dropped; a dropped element's text is kept, a script's or style's is not.
 */
const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+(deg)?[\d\s.,%/]*\))$/i;
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'a', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup', 'small', 'mark', 'br', 'p', 'span', 'div', 'blockquote', 'code', 'pre', 'hr',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
    'img', 'video', 'source',
  ],
  allowedAttributes: { a: ['rel'], '*': ['align', 'color', 'controls', 'height', 'href', 'src', 'style', 'target', 'title', 'type', 'width'] },
  allowedStyles: {
    '*': {
      color: [CSS_COLOR], 'background-color': [CSS_COLOR], 'font-size': [/^[\d.]+(px|em|rem|%)$/],
      'text-align': [/^(left|right|center|justify)$/], 'text-decoration': [/^[a-z\s-]+$/], 'font-weight': [/^(normal|bold|\d{3})$/],
    },
  },
  // <source> is a void element: written <source … />, never with a closing tag.
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'source'],
  allowedSchemes: ['http', 'https', 'data', 'file', 'ftp'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/**
 * Sanitizing is deterministic, so the answer for a text is remembered (a few hundred texts at
 * most: a catalogue's descriptions and the terms); reads of the catalogue then cost a lookup.
 */
const MEMO_MAX = 256;
const memo = new Map<string, string>();

/** The text with only the allow-list left; null stays null. Sanitizing a sanitized text changes nothing. */
export function sanitizeRichText(html: string | null): string | null {
  if (html === null) return null;
  const known = memo.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, OPTIONS);
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
  memo.set(html, clean);
  return clean;
}
